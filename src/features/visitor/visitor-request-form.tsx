import type { FormEvent } from 'react';
import { paths } from '../../config/paths.ts';
import { Button } from '../../ui/button.tsx';
import { InputField, TextAreaField } from '../../ui/field.tsx';
import { FocusOnShow } from '../../ui/focus-on-show.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { Page } from '../../ui/page.tsx';
import { ErrorPanel, SuccessPanel } from '../../ui/panel.tsx';
import { SavedPanel } from '../../ui/saved-panel.tsx';
import { visitorText, type VisitorRequestTexts } from './messages.ts';
import { useVisitorRequest } from './use-visitor-request.ts';
import type { RequiredField, VisitorAction } from './visitor-request.ts';

interface VisitorRequestFormProps {
  action: VisitorAction;
  texts: VisitorRequestTexts;
}

/** The label of a required field: the spec's asterisk is shown, while `required` on the input tells assistive tech. */
function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <span className="field__required-mark" aria-hidden="true">
        {' '}
        {visitorText().form.requiredMark}
      </span>
    </>
  );
}

function focusField(form: HTMLFormElement, name: RequiredField): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLInputElement) control.focus();
}

function BackToOptions() {
  return (
    <LinkButton to={paths.visitorWelcome} variant="primary" className="button--block">
      {visitorText().form.backToOptions}
    </LinkButton>
  );
}

/** Book a consultation and schedule a call: one form, told apart only by its texts and action. */
export function VisitorRequestForm({ action, texts }: VisitorRequestFormProps) {
  const { fields, setField, state, busy, submit, refused, discardRefused, fieldErrors } = useVisitorRequest(
    action,
    texts.success,
  );
  const errorOf = (field: RequiredField) => (fieldErrors?.fields.includes(field) ? fieldErrors.text : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = submit();
    if (missing) focusField(event.currentTarget, missing);
  };

  const nav = (
    <LinkButton to={paths.visitorWelcome} variant="ghost">
      {visitorText().form.back}
    </LinkButton>
  );

  return (
    <Page title={texts.title} subtitle={texts.subtitle} nav={nav}>
      {state.status === 'success' ? (
        <FocusOnShow>
          <SuccessPanel message={state.result}>
            <BackToOptions />
          </SuccessPanel>
        </FocusOnShow>
      ) : state.status === 'queued' ? (
        <SavedPanel text={visitorText().saved.text}>
          <BackToOptions />
        </SavedPanel>
      ) : (
        // noValidate: the spec's own message, as a toast, replaces the browser's bubbles.
        <form className="form" noValidate onSubmit={onSubmit}>
          {refused && (
            <ErrorPanel title={visitorText().saved.refusedTitle} message={refused.reason}>
              <p className="panel__message">{visitorText().saved.refusedHint}</p>
              <Button variant="secondary" onClick={discardRefused}>
                {visitorText().saved.discard}
              </Button>
            </ErrorPanel>
          )}
          <InputField
            label={<RequiredLabel text={visitorText().form.name} />}
            name="name"
            autoComplete="name"
            required
            error={errorOf('name')}
            value={fields.name}
            onChange={(event) => setField('name', event.target.value)}
          />
          <InputField
            label={<RequiredLabel text={visitorText().form.phone} />}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={visitorText().form.phonePlaceholder}
            required
            error={errorOf('phone')}
            value={fields.phone}
            onChange={(event) => setField('phone', event.target.value)}
          />
          <InputField
            label={texts.preferred}
            name="preferredTimes"
            value={fields.preferredTimes}
            onChange={(event) => setField('preferredTimes', event.target.value)}
          />
          <TextAreaField
            label={visitorText().form.message}
            name="message"
            rows={4}
            value={fields.message}
            onChange={(event) => setField('message', event.target.value)}
          />
          {state.status === 'error' && <ErrorPanel message={state.message} />}
          <Button type="submit" className="button--block" busy={busy}>
            {texts.submit}
          </Button>
        </form>
      )}
    </Page>
  );
}
