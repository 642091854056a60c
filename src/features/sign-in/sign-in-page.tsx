import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Button } from '../../ui/button.tsx';
import { InputField } from '../../ui/field.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { LanguageSwitch } from '../../ui/language-switch.tsx';
import { Page } from '../../ui/page.tsx';
import { useProblemToast } from '../../ui/use-screen-toast.ts';
import { shareIsWaiting } from '../../shared/share/share-target-store.ts';
import { useSessionUser } from './use-session-user.ts';
import { checkSignIn, fieldErrors, signInProblemHolds, type SignInProblem } from './check-sign-in.ts';
import { signInText } from './messages.ts';

export function SignInPage() {
  const t = signInText();
  const { user, signIn } = useSessionUser();
  const navigate = useNavigate();
  const [name, setName] = useState(user?.name ?? '');
  const [number, setNumber] = useState(user?.number ?? '');
  // A prerendered page learns the saved parent only after hydration: prefill then, unless the parent has typed.
  const [prefilledFrom, setPrefilledFrom] = useState(user);
  if (user !== prefilledFrom) {
    setPrefilledFrom(user);
    if (user && !name && !number) {
      setName(user.name);
      setNumber(user.number);
    }
  }

  const { show: showProblem, held } = useProblemToast<SignInProblem>(
    'sign-in',
    (problem) => !signInProblemHolds(problem, name, number),
  );
  const errors = fieldErrors(held?.problem, held?.text, name, number);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkSignIn(name, number);
    if (problem) {
      showProblem(problem, { required: t.required, name: t.invalidName, phone: t.invalidPhone }[problem]);
      return;
    }
    signIn({ name, number });
    // Files shared from another app while nobody was signed in wait on the chat screen.
    void shareIsWaiting()
      .catch(() => false)
      .then((waiting) => navigate(waiting ? paths.chat : paths.menu));
  };

  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<LanguageSwitch />}>
      {/* Validation is ours (the spec's toasts), so the browser's own bubbles stay off. */}
      <form className="form" onSubmit={onSubmit} noValidate>
        <InputField
          label={t.nameLabel}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          required
        />
        <InputField
          label={t.phoneLabel}
          hint={t.phoneHint}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={errors.number}
          required
        />
        <div className="actions">
          <Button type="submit" className="button--block">
            {t.continue}
          </Button>
          <LinkButton to={paths.home} className="button--block">
            {t.back}
          </LinkButton>
        </div>
      </form>
    </Page>
  );
}
