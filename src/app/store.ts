import { createStore } from 'jotai';

/** The one jotai store: React reads it through <Provider store>, the ky client reads it directly. */
export const store = createStore();
