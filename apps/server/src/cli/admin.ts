import { runAdminCli } from './admin-cli.ts';

/** The entry of `npm run admin -- …` (and of the built `dist/admin.js`): see admin-cli.ts. */
runAdminCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    // A usage error ends the process at once, as it always has; a command's answer lets it exit.
    if (code === 2) process.exit(2);
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
