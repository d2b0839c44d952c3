// What the server bundle gets for `import pg from 'pg'` (build.mjs): the real `pg`, loaded the
// first time one of its members is read. The job queue's library imports pg at the top of a
// module although it uses it only when it opens its own pool (never here), and loading pg costs
// about 100 ms of start-up (with its Cloudflare check, which loads fetch); on the embedded
// database it is then never loaded (docs/decisions/038).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let loaded;

export default new Proxy(
  {},
  {
    get(_target, key) {
      loaded ??= require('pg');
      return loaded[key];
    },
    has(_target, key) {
      loaded ??= require('pg');
      return key in loaded;
    },
  },
);
