import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Texts of the new-visitor screens: welcome, the two request forms, know more. */
export const en = {
  welcome: {
    title: 'Welcome to Thrive!',
    subtitle: 'How would you like to get started?',
    cardsLabel: 'Ways to get started',
    home: 'Home',
    bookConsultTitle: 'Book a consult',
    bookConsultText: 'Meet us to talk about your child and the programme',
    scheduleCallTitle: 'Schedule a call to chat',
    scheduleCallText: 'We call you back at a time that suits you',
    knowMoreTitle: 'Know more about Thrive',
    knowMoreText: 'Read about the programme on our information page',
  },
  form: {
    back: 'Back',
    requiredMark: '*',
    name: 'Name',
    phone: 'Phone Number',
    phonePlaceholder: '+91 or 10 digits',
    message: 'Message (Optional)',
    required: 'Name and phone number are required',
    submitted: 'Request submitted!',
    failed: 'Failed to submit request',
    backToOptions: 'Back to Options',
  },
  saved: {
    text: 'Your request is saved on this phone and will be sent automatically when the connection is back.',
    consultSent: 'Your consultation request was sent',
    callSent: 'Your call request was sent',
    consultRefused:
      'Your saved consultation request was not accepted. Open Book a Consultation to check it and send it again.',
    callRefused: 'Your saved call request was not accepted. Open Schedule a Call to check it and send it again.',
    refusedTitle: 'Your earlier request was not accepted',
    refusedHint: 'What you entered is back in the form: check it and send it again, or discard it.',
    discard: 'Discard It',
  },
  bookConsult: {
    title: 'Book a Consultation',
    subtitle: 'Leave your details and we will get in touch to arrange your consultation.',
    preferred: 'Preferred Days/Times (Optional)',
    submit: 'Book Consultation',
    success: 'Your consultation request has been submitted successfully!',
  },
  scheduleCall: {
    title: 'Schedule a Call',
    subtitle: 'Leave your number and we will call you to chat about Thrive.',
    preferred: 'Preferred Times (Optional)',
    submit: 'Schedule Call',
    success: 'Your call request has been submitted successfully!',
  },
  knowMore: {
    title: 'Know more about Thrive',
    redirecting: 'Taking you to the programme information page…',
    notConfigured: 'The programme information page is not configured yet.',
    notConfiguredHint: 'You can still book a consult or schedule a call, and we will tell you all about Thrive.',
    backToOptions: 'Back to Options',
  },
} as const;

export type VisitorMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const visitorText = (): VisitorMessages => translated('visitor', en);

/** The texts that differ between the two request forms. */
export type VisitorRequestTexts = VisitorMessages['bookConsult'];
