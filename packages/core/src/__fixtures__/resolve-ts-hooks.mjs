// Lets a plain `node` child process run this package's TypeScript sources: Node strips the types,
// and this hook maps the sources' `./x.js` specifiers to the `./x.ts` files beside them.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (specifier.startsWith(".") && specifier.endsWith(".js")) {
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      }
      throw error;
    }
  },
});
