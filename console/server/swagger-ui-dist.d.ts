/** The one module of swagger-ui-dist the server imports (the package ships no types for it). */
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The absolute path of the package's folder (its prebuilt bundle and style sheet). */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
