/** Style sheets are bundled by Vite; TypeScript only needs to know the imports exist. */
declare module '*.css';
