// Shared helpers of the web unit tests.
import { readFileSync } from 'node:fs';

export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}
