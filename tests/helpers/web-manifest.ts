/** The fields of the built web manifest (manifest.webmanifest) that the tests check. */
export interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  screenshots: Array<{ src: string; sizes: string; form_factor?: string }>;
}
