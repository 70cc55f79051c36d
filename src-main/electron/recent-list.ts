/**
 * File → Open Recent: the folders, logs and bundles the user opened, newest first, kept in
 * `recent.json` in the user-data folder. The OS's own recent list (macOS dock, Windows jump list)
 * is told too, by main.
 */
import { readJsonFile, writeJsonFile } from './json-file';

export const RECENT_FILE = 'recent.json';
const MAX_PATH = 4096;

export class RecentList {
  private items: string[];
  private readonly listeners = new Set<(items: readonly string[]) => void>();

  constructor(
    private readonly file: string,
    private readonly max = 10,
  ) {
    this.items = RecentList.read(file).slice(0, max);
  }

  private static read(file: string): string[] {
    const value = readJsonFile(file);
    if (!Array.isArray(value)) return [];
    const items = value.filter((p): p is string => typeof p === 'string' && p !== '' && p.length <= MAX_PATH);
    return [...new Set(items)];
  }

  list(): readonly string[] {
    return this.items;
  }

  add(target: string): void {
    this.set([target, ...this.items.filter((p) => p !== target)].slice(0, this.max));
  }

  remove(target: string): void {
    if (this.items.includes(target)) this.set(this.items.filter((p) => p !== target));
  }

  clear(): void {
    this.set([]);
  }

  onChange(listener: (items: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(items: string[]): void {
    this.items = items;
    try {
      writeJsonFile(this.file, items);
    } catch (error) {
      console.warn(`could not save the recent list to ${this.file}:`, error);
    }
    for (const listener of this.listeners) listener(items);
  }
}
