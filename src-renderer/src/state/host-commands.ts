/**
 * Commands the desktop shell sends (menus, `lineage-explorer://` links, files opened in main):
 * each one does what the same key or button in the page does. The web host never sends them.
 */
import type { HostCommand } from '../../../src-shared/bridge/contract';
import { parseAppPath } from '../../../src-shared/links/app-link';
import { openTarget } from '../features/links/open-target';
import { SEARCH_INPUT_ID } from '../features/sessions/SessionsSidebar';
import { useAppStore } from './store';

export function runHostCommand(command: HostCommand, openSession: (key: string) => void): void {
  const s = useAppStore.getState();
  switch (command.name) {
    case 'set-theme':
      s.setPref('theme', command.theme);
      return;
    case 'show-tab':
      s.setBottomTab(command.tab);
      return;
    case 'set-direction':
      s.setPref('direction', command.direction);
      return;
    case 'fit-graph':
      s.requestFit();
      return;
    case 'focus-search':
      document.getElementById(SEARCH_INPUT_ID)?.focus();
      return;
    case 'show-keys':
      s.setKeysOpen(true);
      return;
    case 'open-session':
      openSession(command.key);
      return;
    case 'open-link': {
      // A `lineage-explorer://` link to a point, a document or a bookmark (main checked its path).
      const target = parseAppPath(command.path);
      if (target) openTarget(target);
      else s.pushToast(`Could not open the link ${command.path.slice(0, 200)}`, 'error');
      return;
    }
    default:
      // A newer main may send commands this page does not know yet: ignore them.
      return;
  }
}
