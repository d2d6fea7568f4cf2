import { authMessages } from '@pilote/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { mockApi, sessionOf, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => {
  clearAuthToken();
});

async function signUpForm(url = '/login?signup=true') {
  const app = renderApp(url);
  const form = await screen.findByRole('form', { name: 'Création de compte' });
  return {
    ...app,
    form,
    email: within(form).getByLabelText('Adresse e-mail'),
    password: within(form).getByLabelText('Mot de passe'),
  };
}

describe('/login: sign-up form validation (spec §5)', () => {
  it('checks the e-mail format and refuses disposable domains when the field loses focus', async () => {
    mockApi();
    const { user, email, password } = await signUpForm();

    await user.type(email, 'pas-une-adresse');
    await user.click(password);
    expect(await screen.findByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.type(email, 'quelquun@yopmail.com');
    expect(await screen.findByText(authMessages.disposableEmail)).toBeInTheDocument();
    expect(screen.queryByText(authMessages.invalidEmail)).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'quelquun@sub.mailinator.com');
    expect(await screen.findByText(authMessages.disposableEmail)).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'quelquun@exemple.fr');
    await waitFor(() => expect(screen.queryByText(authMessages.disposableEmail)).not.toBeInTheDocument());
  });

  it('scores the password while typing and shows the rule on blur until it is strong', async () => {
    mockApi();
    const { user, email, password } = await signUpForm();

    await user.type(password, 'abc');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
    expect(screen.queryByText(authMessages.weakPassword)).not.toBeInTheDocument();
    await user.click(email);
    expect(await screen.findByText(authMessages.weakPassword)).toBeInTheDocument();

    await user.type(password, 'Defgh1');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'medium');
    expect(screen.getByText(authMessages.weakPassword)).toBeInTheDocument();

    await user.type(password, '!');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'strong');
    await waitFor(() => expect(screen.queryByText(authMessages.weakPassword)).not.toBeInTheDocument());

    await user.type(password, 'xyz');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'very_strong');
  });

  it('signs up with the CSRF header and tells the user to open the verification link', async () => {
    const { requests } = mockApi({
      'POST /api/auth/sign-up/email': () => ({ body: { token: null, user: { id: 'u' } } }),
    });
    const { user, email, password } = await signUpForm();

    await user.type(email, 'Nouveau@Exemple.fr');
    await user.type(password, 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByTestId('sign-up-done')).toHaveTextContent(
      "ouvrez le lien de vérification que nous venons d'envoyer à nouveau@exemple.fr",
    );
    const call = requests.find((request) => request.path === '/api/auth/sign-up/email');
    expect(call?.body).toEqual({
      email: 'nouveau@exemple.fr',
      password: 'Correct-Horse-9',
      callbackURL: '/login/email-verified',
    });
    expect(call?.headers.get('X-CSRFToken')).toBe('csrf-test');
  });

  it('keeps ?redirect= (the « Essai gratuit » trial page) through the verification link, to sign-in', async () => {
    const { requests } = mockApi({
      'POST /api/auth/sign-up/email': () => ({ body: { token: null, user: { id: 'u' } } }),
    });
    const { user, email, password } = await signUpForm('/login?signup=true&redirect=%2Fprivate%2Faccount%2Ftrial');
    await user.type(email, 'essai@exemple.fr');
    await user.type(password, 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByTestId('sign-up-done');
    const call = requests.find((request) => request.path === '/api/auth/sign-up/email');
    expect(call?.body).toMatchObject({ callbackURL: '/login/email-verified?redirect=%2Fprivate%2Faccount%2Ftrial' });

    cleanup();
    renderApp('/login/email-verified?redirect=%2Fprivate%2Faccount%2Ftrial');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fprivate%2Faccount%2Ftrial',
    );
  });

  it("shows the server's message when sign-up is refused", async () => {
    mockApi({
      'POST /api/auth/sign-up/email': () => ({
        status: 400,
        body: { error: 'Les données envoyées sont invalides.', code: 'VALIDATION_FAILED' },
      }),
    });
    const { user, email, password } = await signUpForm();
    await user.type(email, 'a@exemple.fr');
    await user.type(password, 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Les données envoyées sont invalides.');
  });
});

describe('/login: other modes', () => {
  it('forgot password refuses disposable domains with the reset variant of the message', async () => {
    mockApi();
    const { user } = renderApp('/login?mode=forgot-password');
    const form = await screen.findByRole('form', { name: 'Mot de passe oublié' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'x@yopmail.fr');
    await user.click(within(form).getByRole('button'));
    expect(await screen.findByText(authMessages.disposableEmailReset)).toBeInTheDocument();
  });

  it('forgot password asks for a link leading to /login/reset-password', async () => {
    const { requests } = mockApi({ 'POST /api/auth/request-password-reset': () => ({ body: { status: true } }) });
    const { user } = renderApp('/login?mode=forgot-password');
    const form = await screen.findByRole('form', { name: 'Mot de passe oublié' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'camille@exemple.fr');
    await user.click(within(form).getByRole('button'));
    expect(await screen.findByText(/Si un compte existe pour camille@exemple.fr/)).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/auth/request-password-reset')?.body).toEqual({
      email: 'camille@exemple.fr',
      redirectTo: '/login/reset-password',
    });
  });

  it('change of e-mail needs a signed-in user (spec message otherwise)', async () => {
    mockApi();
    renderApp('/login?mode=change-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.changeEmailSignedOut);
  });

  it('a signed-in user can change the e-mail (not redirected away)', async () => {
    const { requests } = mockApi({
      ...signedInAs(),
      'POST /api/auth/change-email': () => ({ body: { status: true } }),
    });
    const { user } = renderApp('/login?mode=change-email');
    const form = await screen.findByRole('form', { name: "Modifier l'adresse e-mail" });
    await user.type(within(form).getByLabelText('Nouvelle adresse e-mail'), 'x@trashmail.com');
    await user.click(within(form).getByRole('button'));
    expect(await screen.findByText(authMessages.disposableEmail)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Nouvelle adresse e-mail'));
    await user.type(within(form).getByLabelText('Nouvelle adresse e-mail'), 'nouvelle@exemple.fr');
    await user.type(within(form).getByLabelText('Mot de passe actuel'), 'Correct-Horse-9');
    await user.click(within(form).getByRole('button'));
    expect(await screen.findByText(/Un lien de confirmation a été envoyé à nouvelle@exemple.fr/)).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/auth/change-email')?.body).toEqual({
      newEmail: 'nouvelle@exemple.fr',
      currentPassword: 'Correct-Horse-9',
      callbackURL: '/login/email-verified?change=true',
    });
  });

  it('says what the undo link mailed to the old address did', async () => {
    mockApi();
    renderApp('/login?emailChange=undone');
    expect(await screen.findByText(/Le changement d’adresse e-mail a été annulé/)).toBeInTheDocument();
  });

  it('Google: says plainly when it is not configured; Microsoft: the not-implemented alert', async () => {
    mockApi();
    const { user } = renderApp('/login');
    expect(await screen.findByText("La connexion avec Google n'est pas configurée sur cette instance.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continuer avec Google' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continuer avec Microsoft' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Microsoft');
  });

  it("Google failure shows 'Échec de la connexion avec Google.'", async () => {
    mockApi({ 'GET /api/common/auth-providers/': () => ({ body: { google: true, microsoft: false } }) });
    renderApp('/login?oauth=failed&error=account_not_linked');
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec de la connexion avec Google.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continuer avec Google' })).toBeEnabled());
  });

  it('the footer links privacy and terms and shows the frontend revision and environment', async () => {
    mockApi();
    renderApp('/login');
    await waitFor(() =>
      expect(screen.getByTestId('frontend-revision')).toHaveTextContent('Frontend abcdef123456 · environnement test'),
    );
    const legal = screen.getByRole('navigation', { name: 'Informations légales' });
    expect(within(legal).getByRole('link', { name: 'Confidentialité' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: "Conditions d'utilisation" })).toHaveAttribute('href', '/terms');
  });
});

describe('/login: sign-in', () => {
  it("shows the server's message on failure", async () => {
    mockApi({
      'POST /api/auth/sign-in/email': () => ({
        status: 401,
        body: { error: authMessages.invalidCredentials, code: 'INVALID_EMAIL_OR_PASSWORD' },
      }),
    });
    const { user } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Connexion' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'camille@exemple.fr');
    await user.type(within(form).getByLabelText('Mot de passe'), 'mauvais');
    await user.click(within(form).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidCredentials);
  });

  it('keeps the bearer token and goes to the page asked for (?redirect=)', async () => {
    let signedIn = false;
    const { requests } = mockApi({
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { token: 'plain', user: { id: 'u' } }, headers: { 'set-auth-token': 'bearer-123' } };
      },
      'GET /api/auth/get-session': () => ({ body: signedIn ? sessionOf(testUser) : null }),
    });
    const { user, router } = renderApp('/login?redirect=%2Fprivate%2Felec%2Faudit');
    const form = await screen.findByRole('form', { name: 'Connexion' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'camille@exemple.fr');
    await user.type(within(form).getByLabelText('Mot de passe'), 'Correct-Horse-9');
    await user.click(within(form).getByRole('button', { name: 'Se connecter' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/private/elec/audit'));
    const me = requests.filter((request) => request.path === '/api/auth/get-session').at(-1);
    expect(me?.headers.get('Authorization')).toBe('Bearer bearer-123');
  });

  it('a signed-in visitor is redirected at once (to /private by default, then the gas dashboard)', async () => {
    mockApi(signedInAs());
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/gas/dashboard'));
  });

  it('never redirects to another site', async () => {
    mockApi(signedInAs());
    const { router } = renderApp('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/gas/dashboard'));
  });
});
