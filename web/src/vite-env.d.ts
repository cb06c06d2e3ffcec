/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not served from the SPA's own origin (e.g. `https://api.example.com`). */
  readonly VITE_API_BASE_URL?: string;
  /**
   * Google sign-in (Cognito hosted UI) when no /config.json says otherwise: the Cognito domain,
   * the user pool id and the hosted-UI app client id. See web/README.md.
   */
  readonly VITE_COGNITO_DOMAIN?: string;
  readonly VITE_COGNITO_USER_POOL_ID?: string;
  readonly VITE_COGNITO_HOSTED_UI_CLIENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
