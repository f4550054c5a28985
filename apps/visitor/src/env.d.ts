interface ImportMetaEnv {
  /**
   * Where the visitor API lives, e.g. `https://support.example.com`, for a build deployed on
   * another host than its API. Default: the page's own origin.
   */
  readonly VITE_PARLEY_API_BASE?: string;
}
