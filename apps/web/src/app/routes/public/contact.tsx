import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  type ContactTopic,
  contactTopicLabels,
  contactTopics,
} from '@pilote/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputStyles, Select } from '../../../components/ui/input.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';
import { api } from '../../../lib/api-client.ts';
import { isApiClientError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';

type Fields = { name: string; email: string; company: string; topic: ContactTopic | ''; message: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Same rules and messages as the server (contracts/contact.ts), checked before sending. */
export function validateContact(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.name.trim()) {
    errors.name = 'Veuillez indiquer votre nom.';
  }
  if (!fields.email.trim()) {
    errors.email = 'Veuillez indiquer votre adresse e-mail.';
  } else if (!EMAIL.test(fields.email.trim())) {
    errors.email = 'Veuillez indiquer une adresse e-mail valide.';
  }
  if (!fields.topic) {
    errors.topic = 'Veuillez choisir un sujet.';
  }
  const message = fields.message.trim();
  if (message.length < CONTACT_MESSAGE_MIN_LENGTH) {
    errors.message = `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN_LENGTH} caractères.`;
  } else if (message.length > CONTACT_MESSAGE_MAX_LENGTH) {
    errors.message = `Votre message ne doit pas dépasser ${CONTACT_MESSAGE_MAX_LENGTH} caractères.`;
  }
  return errors;
}

const emptyFields: Fields = { name: '', email: '', company: '', topic: '', message: '' };

function ContactForm() {
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const honeypotId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found = validateContact(fields);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as (keyof Fields)[]).find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setStatus('sending');
    try {
      await api.post('/api/contact/', {
        name: fields.name.trim(),
        email: fields.email.trim(),
        company: fields.company.trim(),
        topic: fields.topic,
        message: fields.message.trim(),
        website: honeypotRef.current?.value ?? '',
      });
      setStatus('sent');
      setFields(emptyFields);
    } catch (error) {
      setStatus('idle');
      setServerError(
        isApiClientError(error)
          ? error.message
          : "Votre message n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.",
      );
    }
  }

  if (status === 'sent') {
    return (
      <Alert tone="success" className="not-prose">
        <p className="font-medium">Merci, votre message a bien été envoyé.</p>
        <p>Un membre de l’équipe vous répondra par e-mail.</p>
      </Alert>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="not-prose flex flex-col gap-5"
      aria-label="Formulaire de contact"
    >
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Nom et prénom" error={errors.name}>
          {(control) => (
            <Input {...control} name="name" autoComplete="name" value={fields.name} onChange={update('name')} />
          )}
        </FormField>
        <FormField label="Adresse e-mail professionnelle" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={fields.email}
              onChange={update('email')}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Entreprise (facultatif)" error={errors.company}>
          {(control) => (
            <Input
              {...control}
              name="company"
              autoComplete="organization"
              value={fields.company}
              onChange={update('company')}
            />
          )}
        </FormField>
        <FormField label="Sujet" error={errors.topic}>
          {(control) => (
            <Select {...control} name="topic" value={fields.topic} onChange={update('topic')}>
              <option value="">Choisissez un sujet</option>
              {contactTopics.map((topic) => (
                <option key={topic} value={topic}>
                  {contactTopicLabels[topic]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label="Votre message"
        error={errors.message}
        hint={`Entre ${CONTACT_MESSAGE_MIN_LENGTH} et ${CONTACT_MESSAGE_MAX_LENGTH} caractères. N'y mettez ni mot de passe ni donnée bancaire.`}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={7}
            value={fields.message}
            onChange={update('message')}
            className={cn(inputStyles, 'h-auto min-h-36 py-2 leading-6')}
          />
        )}
      </FormField>
      {/* Honeypot: hidden from people and assistive technologies; robots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Site web (ne pas remplir)</label>
        <input ref={honeypotRef} id={honeypotId} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <Button type="submit" size="lg" disabled={status === 'sending'}>
          {status === 'sending' ? 'Envoi en cours…' : 'Envoyer le message'}
        </Button>
      </div>
    </form>
  );
}

function ContactPage() {
  return (
    <PublicPage
      page={publicPages.contact}
      eyebrow="Nous écrire"
      lead="Une démonstration, une question sur un calcul ou sur vos données personnelles ? Écrivez-nous : un membre de l'équipe vous répond par e-mail."
    >
      <ContactForm />
      <h2>Avant d'écrire</h2>
      <ul>
        <li>
          Les questions les plus courantes ont leur réponse dans la <Link to={paths.faq.getHref()}>FAQ</Link>, et les
          sigles dans le <Link to={paths.glossary.getHref()}>glossaire</Link>.
        </li>
        <li>
          Pour exercer vos droits sur vos données (accès, rectification, suppression), choisissez le sujet «&nbsp;Mes
          données personnelles&nbsp;»&nbsp;; voir la{' '}
          <Link to={paths.privacy.getHref()}>politique de confidentialité</Link>.
        </li>
        <li>
          Les messages envoyés ici sont lus par l'équipe support et les administrateurs de Pilote Énergie, et servent
          uniquement à vous répondre.
        </li>
      </ul>
    </PublicPage>
  );
}

export { ContactPage as Component };
