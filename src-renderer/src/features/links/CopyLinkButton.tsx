/**
 * "Copy link": the link to a session, node, event, chain, document point or bookmark — the
 * `serve` URL in a browser, the `lineage-explorer://` link in the desktop app — with a toast.
 * When no clipboard is reachable the toast shows the link to copy by hand. The button carries
 * the link (`data-link`) and the last copied one is kept in the links store (tests read both).
 */
import type { AppTarget } from '../../../../src-shared/links/app-link';
import { useAppStore } from '../../state/store';
import { copyText } from './copy-text';
import { linkFor } from './link-text';
import { useLinks } from './links-store';
import './links.css';

export async function copyLink(target: AppTarget): Promise<void> {
  const link = linkFor(target);
  useLinks.getState().setLastCopied(link);
  document.documentElement.dataset['lastCopiedLink'] = link;
  const ok = await copyText(link);
  if (ok) useAppStore.getState().pushToast('Link copied');
  else useAppStore.getState().pushToast(`Copy this link: ${link}`, 'error');
}

/** Two chain links (no emoji: not every system has a font for them). */
function LinkIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" className="link-icon">
      <path
        d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.8 2.8 0 014 4L11 8.5M9 11.5l-1.2 1.2a2.8 2.8 0 01-4-4L5 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function CopyLinkButton({
  target,
  className = 'button',
  label = 'Copy link',
}: {
  target: AppTarget;
  className?: string;
  label?: string;
}) {
  return (
    <button
      type="button"
      className={`${className} copy-link`}
      data-testid="copy-link"
      data-link={linkFor(target)}
      title="Copy a link that opens this (paste it in a browser or share it)"
      onClick={(e) => {
        e.stopPropagation();
        void copyLink(target);
      }}
    >
      <LinkIcon /> {label}
    </button>
  );
}
