/**
 * Reads `.treetrace/lessons.md`, which TreeTrace has written in two shapes:
 *
 *   0.8+   - **Confirm proposed actions before executing.** evidence text [node_001, node_004]
 *   ≤0.5   ## 1. Avoid overbuilding beyond the requested shape
 *          (text paragraphs)
 *          Source nodes: node_002, node_003
 *
 * Each lesson keeps its title, text, the node ids it cites and its 1-based line.
 */

export interface MarkdownLesson {
  title: string | null;
  text: string;
  nodeIds: string[];
  line: number;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const BOLD_TITLE = /^\*\*(.+?)\*\*\s*(.*)$/;
const HEADING = /^#{2,6}\s+(?:\d+[.)]\s+)?(.+?)\s*#*\s*$/;
const SOURCE_NODES = /^\s*(?:source\s+nodes?|nodes?|cites?)\s*:\s*(.+)$/i;
/** A trailing `[a, b]` list of ids; ids hold no spaces, commas or brackets. */
const TRAILING_IDS = /\s*\[([^[\]]+)\]\s*$/;
const ID_TOKEN = /^[^\s,[\]]+$/;

export function parseLessonsMarkdown(text: string): MarkdownLesson[] {
  const lines = text.split(/\r?\n/);
  const lessons: MarkdownLesson[] = [];
  let section: { lesson: MarkdownLesson; body: string[] } | null = null;

  const closeSection = () => {
    if (!section) return;
    section.lesson.text = section.body.join(' ').replace(/\s+/g, ' ').trim();
    lessons.push(section.lesson);
    section = null;
  };

  lines.forEach((raw, i) => {
    const line = i + 1;
    const heading = HEADING.exec(raw);
    if (heading) {
      closeSection();
      section = { lesson: { title: stripTitle(heading[1]!), text: '', nodeIds: [], line }, body: [] };
      return;
    }
    if (/^#\s/.test(raw)) {
      closeSection();
      return;
    }
    if (section) {
      const cites = SOURCE_NODES.exec(raw);
      if (cites) section.lesson.nodeIds.push(...splitIds(cites[1]!));
      else if (raw.trim()) section.body.push(raw.trim());
      return;
    }
    const bullet = BULLET.exec(raw);
    if (!bullet) return;
    const { body, ids } = takeTrailingIds(bullet[1]!);
    const bold = BOLD_TITLE.exec(body);
    if (bold) {
      lessons.push({ title: stripTitle(bold[1]!), text: bold[2]!.trim(), nodeIds: ids, line });
    } else if (ids.length) {
      lessons.push({ title: null, text: body.trim(), nodeIds: ids, line });
    }
  });
  closeSection();
  return lessons;
}

function takeTrailingIds(body: string): { body: string; ids: string[] } {
  const match = TRAILING_IDS.exec(body);
  if (!match) return { body, ids: [] };
  const ids = splitIds(match[1]!);
  // `[REDACTED:anthropic-key]` inside a sentence is not a list of ids: every part must be an id.
  if (ids.length === 0 || ids.some((id) => id.startsWith('REDACTED:'))) return { body, ids: [] };
  return { body: body.slice(0, match.index), ids };
}

function splitIds(list: string): string[] {
  const parts = list.split(',').map((p) => p.trim());
  return parts.every((p) => ID_TOKEN.test(p)) ? parts : [];
}

function stripTitle(title: string): string {
  return title.trim().replace(/[.:]$/, '').trim();
}

/** Titles compare without case, spacing or a final full stop. */
export function lessonTitleKey(title: string | null): string | null {
  return title === null ? null : stripTitle(title).toLowerCase().replace(/\s+/g, ' ');
}
