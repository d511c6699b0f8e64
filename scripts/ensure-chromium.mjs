// Before the tests: the browser tests drive Debian's Chromium. When it is missing, install it if this
// process can (root with apt-get, as on CI machines); otherwise stop at once with the command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const command = 'sudo apt-get install -y chromium fonts-liberation';

if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    console.error(
      `\nThe browser tests need Chromium at ${chromium}, and it is missing.\nInstall it with:\n\n  ${command}\n\n(or set CHROMIUM_PATH to a Chromium binary), then run npm test again.\n`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's chromium (${command.replace('sudo ', '')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error(`\nInstalling Chromium failed. Install it yourself with:\n\n  ${command}\n`);
    process.exit(1);
  }
  if (!existsSync(chromium)) {
    console.error(
      `\napt-get finished but ${chromium} is still missing. Set CHROMIUM_PATH to your Chromium binary.\n`,
    );
    process.exit(1);
  }
}
