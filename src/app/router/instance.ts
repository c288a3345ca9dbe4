import type { createHashRouter } from 'react-router-dom';

/** The H5's router (hash history), as router.tsx creates it and app.tsx renders it. */
export type AppRouter = ReturnType<typeof createHashRouter>;
