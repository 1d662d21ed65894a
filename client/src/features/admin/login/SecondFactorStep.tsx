import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Code, Image, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { serverMessage } from '../../../lib/errors';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { ADMIN_TEXTS } from '../shared/texts';

export type PasswordStep = RouterOutputs['operatorAuth']['login'];
export type SignedIn = RouterOutputs['operatorAuth']['secondFactor'];
type Enrolment = NonNullable<PasswordStep['enrolment']>;

/** The otpauth URI as a QR code, drawn in the browser (qrcode is fetched with this step only). */
function EnrolmentQr({ enrolment }: { enrolment: Enrolment }) {
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode').then(({ toDataURL }) => toDataURL(enrolment.otpauth_uri, { margin: 1, width: 200 }))
      .then((url) => { if (live) setQr(url); })
      .catch(() => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [enrolment.otpauth_uri]);
  return (
    <Stack gap="xs" align="center">
      {qr ? <Image src={qr} w={200} h={200} alt={ADMIN_TEXTS.enrolQrAlt} data-testid="enrolment-qr" />
        : failed ? <Alert color="yellow" variant="light">{ADMIN_TEXTS.enrolQrFailed}</Alert>
          : <Skeleton w={200} h={200} aria-label="Drawing the QR code" />}
      <Text size="sm" fw={500}>{ADMIN_TEXTS.enrolSecretLabel}</Text>
      <Code data-testid="enrolment-secret" style={{ wordBreak: 'break-all', textAlign: 'center' }}>{enrolment.secret}</Code>
    </Stack>
  );
}

/** After the password: the code of the authenticator app (or a recovery code); at the first sign-in
 * of an operator not yet enrolled, the QR code and setup key first, confirmed by the first code. */
export function SecondFactorStep({ step, onSignedIn, onStartOver }: {
  step: PasswordStep;
  onSignedIn: (result: SignedIn) => void;
  onStartOver: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = trpc.operatorAuth.secondFactor.useMutation({ onSuccess: onSignedIn });
  const enrolling = step.enrolment !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(ADMIN_TEXTS.codeRequired);
      return;
    }
    verify.mutate({ challenge: step.challenge, code: code.trim(), session: 'cookie' });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={enrolling ? ADMIN_TEXTS.enrolTitle : ADMIN_TEXTS.codeTitle}>
      <Stack gap="md">
        <Title order={2} size="h4">{enrolling ? ADMIN_TEXTS.enrolTitle : ADMIN_TEXTS.codeTitle}</Title>
        <Text size="sm" c="dimmed">{enrolling ? ADMIN_TEXTS.enrolHint : ADMIN_TEXTS.codeHint}</Text>
        {step.enrolment ? <EnrolmentQr enrolment={step.enrolment} /> : null}
        <TextInput
          label={enrolling ? ADMIN_TEXTS.enrolCodeLabel : ADMIN_TEXTS.codeLabel}
          withAsterisk
          autoComplete="one-time-code"
          inputMode={enrolling ? 'numeric' : 'text'}
          autoFocus
          value={code}
          onChange={(event) => { setCode(event.currentTarget.value); setError(undefined); verify.reset(); }}
          error={error}
        />
        {verify.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverMessage(verify.error, ADMIN_TEXTS.codeFailed)}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={verify.isPending}>{ADMIN_TEXTS.verifyCode}</Button>
        <Button variant="subtle" size="xs" onClick={onStartOver}>{ADMIN_TEXTS.startOver}</Button>
      </Stack>
    </form>
  );
}

/** Once, after enrolment: the one-time recovery codes; the console opens when they are saved. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">{ADMIN_TEXTS.recoveryTitle}</Title>
      <Text size="sm" c="dimmed">{ADMIN_TEXTS.recoveryHint}</Text>
      <Code block data-testid="recovery-codes">{codes.join('\n')}</Code>
      <Button fullWidth onClick={onDone}>{ADMIN_TEXTS.recoverySaved}</Button>
    </Stack>
  );
}
