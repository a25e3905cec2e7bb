// Bundles the chat page (app.jsx, React and LangGraph's SDK) into app.js, which index.html loads.
import { build } from "esbuild";

await build({
  entryPoints: ["app.jsx"],
  bundle: true,
  outfile: "app.js",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  minify: true,
  format: "iife",
  logLevel: "warning",
});
