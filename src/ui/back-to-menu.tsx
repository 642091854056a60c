import { paths } from '../config/paths.ts';
import { LinkButton } from './link-button.tsx';
import { uiText } from './messages.ts';

/** The way back every registered-parent screen below the menu offers. */
export function BackToMenu() {
  return (
    <LinkButton to={paths.menu} variant="ghost">
      {uiText().backToMenu}
    </LinkButton>
  );
}
