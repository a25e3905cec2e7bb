// Bundles the page (app.jsx with React and @langchain/react) into dist/, for the test to serve.
import { build } from "esbuild";

await build({
  entryPoints: ["app.jsx"],
  bundle: true,
  format: "esm",
  outfile: "dist/app.js",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
