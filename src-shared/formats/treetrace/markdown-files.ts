/**
 * What the reader takes from TreeTrace's Markdown: the reports beside `.treetrace/`
 * (TREETRACE_REPORT.md, PROMPT_TREE.md, SECURITY_REPORT.md) and `.treetrace/agent-memory.md`.
 * They are for people; the reader keeps their text (capped) and the few facts that tie them to a
 * run: the title, the "Generated:" time and the TreeTrace version in the footer.
 */
import type { FileText, MarkdownSection, TreeTraceReport } from './types';

/** Reports and memory packs are a few KB; anything far bigger is kept only in part. */
export const MAX_MARKDOWN_CHARS = 1024 * 1024;

const TITLE = /^#\s+(.+?)\s*$/m;
const GENERATED = /^\s*Generated(?: at)?:\s*(\d{4}-\d{2}-\d{2}T[\d:.]+Z?)\s*$/im;
const VERSION = /\btreetrace\b\]?(?:\([^)]*\))?\s+v(\d+\.\d+\.\d+(?:-[\w.]+)?)/i;

export function readReport(name: string, file: FileText): TreeTraceReport {
  if (file.status !== 'ok') {
    return {
      name,
      status: 'error',
      title: null,
      generatedAt: null,
      generatorVersion: null,
      bytes: null,
      text: null,
      truncated: false,
    };
  }
  const { text, truncated } = cap(file.text);
  return {
    name,
    status: 'ok',
    title: TITLE.exec(file.text)?.[1] ?? null,
    generatedAt: GENERATED.exec(file.text)?.[1] ?? null,
    generatorVersion: VERSION.exec(file.text)?.[1] ?? null,
    bytes: file.bytes,
    text,
    truncated,
  };
}

export function readAgentMemory(text: string): {
  text: string;
  truncated: boolean;
  project: string | null;
  sections: MarkdownSection[];
} {
  const capped = cap(text);
  return {
    text: capped.text,
    truncated: capped.truncated,
    project: /^Project:\s*(.+?)\s*$/m.exec(text)?.[1] ?? null,
    sections: markdownSections(capped.text),
  };
}

/** `## Heading` sections with their `- item` lines and their whole text. */
export function markdownSections(text: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection | null = null;
  let body: string[] = [];
  const close = () => {
    if (current) {
      current.text = body.join('\n').trim();
      sections.push(current);
    }
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = /^#{2,6}\s+(.+?)\s*$/.exec(line);
    if (heading) {
      close();
      current = { heading: heading[1]!, items: [], text: '' };
      body = [];
      continue;
    }
    if (!current) continue;
    body.push(line);
    const item = /^\s*[-*+]\s+(.+?)\s*$/.exec(line);
    if (item) current.items.push(item[1]!);
  }
  close();
  return sections;
}

function cap(text: string): { text: string; truncated: boolean } {
  return text.length > MAX_MARKDOWN_CHARS
    ? { text: text.slice(0, MAX_MARKDOWN_CHARS), truncated: true }
    : { text, truncated: false };
}
