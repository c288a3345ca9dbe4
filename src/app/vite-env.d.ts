/** The `VITE_` keys the H5 reads (client-env.ts checks them). */
interface ImportMetaEnv {
  readonly VITE_SERVICE_HOTLINE?: string;
}
