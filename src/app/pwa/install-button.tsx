import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { installOffer, isIosDevice } from './install-offer.ts';
import { isStandalone, promptInstall, useCanPromptInstall } from './install-prompt.ts';
import { en } from './messages.ts';
import './pwa.css';

function IosInstallHint() {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  return (
    <div className="install-offer">
      <button
        type="button"
        className="install-button"
        aria-expanded={open}
        aria-controls={hintId}
        onClick={() => setOpen(!open)}
      >
        {en.install.button}
      </button>
      <p id={hintId} className="install-offer__hint" hidden={!open}>
        {en.install.iosHint}
      </p>
    </div>
  );
}

/** 'Install app' in the top bar of the landing page and the menu, unless the app is installed already. */
export function InstallButton() {
  const { pathname } = useLocation();
  const canPrompt = useCanPromptInstall();
  const offer = installOffer({
    pathname,
    canPrompt,
    standalone: isStandalone(),
    ios: isIosDevice(navigator),
  });
  if (offer === 'ios-hint') return <IosInstallHint />;
  if (offer === 'none') return null;
  return (
    <div className="install-offer">
      <button type="button" className="install-button" onClick={() => void promptInstall()}>
        {en.install.button}
      </button>
    </div>
  );
}
