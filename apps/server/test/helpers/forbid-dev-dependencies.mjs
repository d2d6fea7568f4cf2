// `node --import ./forbid-dev-dependencies.mjs …`: makes any import of a package that is only a devDependency
// (of the repository root or of @pilote/server) fail, to prove the bundles run with production dependencies only.
import { register } from 'node:module';

register('./forbid-dev-dependencies-hooks.mjs', import.meta.url);
