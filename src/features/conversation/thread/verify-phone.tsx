import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { User } from '../../../shared/webhook/types.ts';
import { Button } from '../../../ui/button.tsx';
import { InputField } from '../../../ui/field.tsx';
import { requestCode, verifyCode } from './conversation-api.ts';
import { refusalText } from './refusal-text.ts';
import './conversation.css';
import { conversationText } from '../messages.ts';

const SIX_DIGITS = /^[0-9]{6}$/;

/** The Web OTP API (Chromium on Android): an SMS ending `@host #code` fills the code in. */
interface OtpCredential extends Credential {
  code?: string;
}

interface VerifyPhoneProps {
  /** None in the prerendered page and while it hydrates, when nothing can be pressed yet (its root is inert). */
  user: User | null;
  /** Drawn before the phone's record is read: hidden for a parent the first paint's hint says is verified. */
  pending?: boolean;
  onVerified: (token: string) => Promise<void>;
}

/**
 * The first time a device opens the thread: a 6-digit code to the parent's
 * phone, entered here (or filled in by the Web OTP API), traded for the
 * token. Every refusal is shown as it is, as text.
 */
export function VerifyPhone({ user, pending = false, onVerified }: VerifyPhoneProps) {
  const t = conversationText().thread;
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [codeProblem, setCodeProblem] = useState<string>();
  const codeArea = useRef<HTMLDivElement>(null);
  // The shared field takes no ref: its input is found inside it. Its error is its description, read on focus.
  const focusCode = () => codeArea.current?.querySelector('input')?.focus();

  const ask = async () => {
    if (!user) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await requestCode(user);
      setAsked(true);
      setCode('');
      setCodeProblem(undefined);
    } catch (error) {
      setProblem(refusalText('request_code', error, t));
    } finally {
      setBusy(false);
    }
  };

  const check = async (typed: string) => {
    if (!user) return;
    const digits = typed.replace(/\s/g, '');
    if (!SIX_DIGITS.test(digits)) {
      setCodeProblem(t.codeFormat);
      focusCode();
      return;
    }
    setBusy(true);
    setCodeProblem(undefined);
    try {
      const token = await verifyCode(user, digits);
      await onVerified(token);
    } catch (error) {
      setCodeProblem(refusalText('verify_code', error, t));
      setBusy(false);
      focusCode();
    }
  };

  useEffect(() => {
    if (!asked) return undefined;
    focusCode();
    if (!('OTPCredential' in window)) return undefined;
    // Kept while the parent types too (a wrong code, a new one asked for): ended when verified or left.
    const controller = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions)
      .then((credential) => {
        const filled = (credential as OtpCredential | null)?.code;
        if (filled && !controller.signal.aborted) {
          setCode(filled);
          void check(filled);
        }
      })
      .catch(() => {
        // Dismissed, timed out or aborted: the parent types the code.
      });
    return () => controller.abort();
    // check reads the latest state through its setters; the SMS is awaited once per code asked for.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [asked]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void check(code);
  };

  return (
    <div className={pending ? 'verify-phone verify-phone--pending' : 'verify-phone'}>
      <h3 className="verify-phone__title">{t.verifyTitle}</h3>
      {asked ? (
        <form className="form" onSubmit={onSubmit} noValidate>
          <p role="status">{t.codeSent}</p>
          <div ref={codeArea}>
            <InputField
              label={t.codeLabel}
              hint={t.codeHint}
              error={codeProblem}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
            />
          </div>
          <Button type="submit" busy={busy} className="button--block">
            {t.verify}
          </Button>
          <Button variant="secondary" busy={busy} onClick={() => void ask()} className="button--block">
            {t.newCode}
          </Button>
        </form>
      ) : (
        <>
          <p>{t.verifyText}</p>
          <Button busy={busy} onClick={() => void ask()} className="button--block">
            {t.sendCode}
          </Button>
        </>
      )}
      {problem && (
        <p className="thread__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
