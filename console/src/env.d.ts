/** Vite bundles imported stylesheets. */
declare module '*.css';
/** Vite's `?url` imports: the asset's public URL. */
declare module '*?url' {
  const url: string;
  export default url;
}
