// Before the tests: the browser tests drive Debian's Chromium, and a few run the product on a moved clock
// with libfaketime (Debian's faketime: faketime.mjs). When they are missing, install them if this process can
// (root with apt-get, as on CI machines); otherwise stop at once with the command to run (Chromium), or say
// which tests will need it (libfaketime: only on the days around Thanksgiving, or with TEST_NOW).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { libfaketimePath } from './faketime.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const needChromium = !existsSync(chromium);
const needFaketime = !libfaketimePath();
const packages = [
  ...(needChromium ? ['chromium', 'fonts-liberation'] : []),
  ...(needFaketime ? ['faketime'] : []),
];
const command = `sudo apt-get install -y ${packages.join(' ')}`;

if (packages.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  const canInstall = isRoot && hasApt && !(needChromium && process.env.CHROMIUM_PATH);
  if (canInstall) {
    console.log(`Installing ${packages.join(', ')} from Debian for the browser tests`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    } catch {
      console.error(`\nInstalling ${packages.join(', ')} failed.`);
    }
  }
  if (!existsSync(chromium)) {
    console.error(
      `\nThe browser tests need Chromium at ${chromium}, and it is missing.\nInstall it with:\n\n  ${command}\n\n(or set CHROMIUM_PATH to a Chromium binary), then run npm test again.\n`,
    );
    process.exit(1);
  }
  if (!libfaketimePath()) {
    console.warn(
      `\nlibfaketime is missing: tests that move the product's clock (near Thanksgiving, or TEST_NOW) will fail.\nInstall it with:\n\n  ${command}\n`,
    );
  }
}
