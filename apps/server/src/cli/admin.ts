import { runAdminCli } from './admin-cli.ts';

/** The entry of `npm run admin -- …` (and of the built `dist/admin.js`): see admin-cli.ts. */
runAdminCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    // Bad input (2) ends the process at once, as a usage error always did; otherwise it exits by itself.
    if (code === 2) process.exit(2);
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
