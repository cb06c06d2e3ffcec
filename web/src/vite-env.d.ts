/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not served from the SPA's own origin (e.g. `https://api.example.com`). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
