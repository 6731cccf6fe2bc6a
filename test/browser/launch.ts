import { type Browser, chromium } from 'playwright-core';
import type { Program } from '../outside-programs.ts';

/**
 * The one way a suite starts Chromium: with the program outsideProgram('chromium') found (the
 * system's, or the build inside @sparticuz/chromium with the libraries it carries), so that a
 * machine without a browser skips the suite instead of failing it.
 */
export function launchChromium(program: Program, env: NodeJS.ProcessEnv = process.env): Promise<Browser> {
  return chromium.launch({ executablePath: program.path, env: { ...env, ...program.env } });
}
