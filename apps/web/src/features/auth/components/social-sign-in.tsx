import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { useSocialSignIn } from '../api/sign-in-social.ts';
import { authFormMessages } from '../utils/form-messages.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" focusable="false">
      <path fill="#F25022" d="M1 1h10.5v10.5H1z" />
      <path fill="#7FBA00" d="M12.5 1H23v10.5H12.5z" />
      <path fill="#00A4EF" d="M1 12.5h10.5V23H1z" />
      <path fill="#FFB900" d="M12.5 12.5H23V23H12.5z" />
    </svg>
  );
}

/**
 * Google (works when the instance has a client id/secret, says so otherwise) and Microsoft (not implemented: the
 * spec's alert). `failed` is true when Google sent the user back with an error.
 */
export function SocialSignIn({ callbackURL, failed }: { callbackURL: string; failed: boolean }) {
  const providers = useAuthProviders();
  const social = useSocialSignIn();
  const [notice, setNotice] = useState<string | null>(null);
  const googleHintId = useId();
  const googleAvailable = providers.data?.google === true;
  const googleUnavailable = providers.isSuccess && !googleAvailable;

  const googleError = failed || social.isError ? authFormMessages.googleFailed : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        ou
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        variant="outline"
        size="lg"
        disabled={!googleAvailable || social.isPending}
        aria-describedby={googleUnavailable ? googleHintId : undefined}
        onClick={() => {
          setNotice(null);
          social.mutate({ provider: 'google', callbackURL });
        }}
      >
        <GoogleMark />
        Continuer avec Google
      </Button>
      {googleUnavailable ? (
        <p id={googleHintId} className="text-xs text-muted-foreground">
          {authFormMessages.googleNotConfigured}
        </p>
      ) : null}
      <Button variant="outline" size="lg" onClick={() => setNotice(authFormMessages.microsoftNotImplemented)}>
        <MicrosoftMark />
        Continuer avec Microsoft
      </Button>
      {googleError ? <Alert tone="error">{googleError}</Alert> : null}
      {notice ? (
        <Alert tone="info" role="alert">
          {notice}
        </Alert>
      ) : null}
    </div>
  );
}
