import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { parentText } from './messages.ts';

/** The way back every registered-parent screen below the menu offers. */
export function BackToMenu() {
  return (
    <LinkButton to={paths.menu} variant="ghost">
      {parentText().backToMenu}
    </LinkButton>
  );
}
