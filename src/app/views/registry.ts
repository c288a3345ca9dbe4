import type { ComponentType } from 'react';

type ViewModule = { default: ComponentType };

/**
 * Every view of the specification's list, by the component name the route table and the server
 * menu use. Views are lazy so that each route loads only its own code. An unknown name falls back
 * to the 404 view (resolved by the router).
 */
export const views: Record<string, () => Promise<ViewModule>> = {
};
