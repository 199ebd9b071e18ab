/** Style sheets are bundled by Vite; TypeScript only needs to know the imports exist. */
declare module '*.css';

/** semantic-ui-react's list of valid icon names (icons.css plus its aliases); not part of its typed exports. */
declare module 'semantic-ui-react/dist/es/lib/SUI.js' {
  export const ICONS_AND_ALIASES: readonly string[];
}

/** A file Vite emits as its own asset, imported as its URL (pdf.js's worker: apps/web/src/publishing/pdf-viewer.tsx). */
declare module '*?url' {
  const url: string;
  export default url;
}
