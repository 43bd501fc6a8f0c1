// Fixture files as text (vite's `?raw`), e.g. the import tests' parsed exports.
declare module '*?raw' {
  const text: string;
  export default text;
}
