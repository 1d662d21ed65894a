import { Alert, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { adminPlanUpdateInput, isPricedTier, PLAN_LIMITS, type PlanTier } from '../../../../../common/schemas/admin-plans';
import { reasonOf } from '../../../lib/errors';
import { formatRupees } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { failureText } from '../shared/console-errors';
import { PLANS_TEXTS as T } from './texts';

export type AdminPlan = RouterOutputs['admin']['plans']['list']['items'][number];

const LIMIT_FIELDS = [
  ['max_principals', T.principals], ['max_teachers', T.teachers], ['max_students', T.students], ['max_classes', T.classes],
  ['storage_quota_mb', T.storage],
] as const;
type LimitField = (typeof LIMIT_FIELDS)[number][0];

type FormValues = Record<LimitField | 'price', number | string> & { description: string; features: string };

/** The form's values as the server's input: the features one per line. */
const inputOf = (plan: AdminPlan, values: FormValues) => ({
  tier: plan.tier as PlanTier,
  version: plan.version,
  price: values.price,
  max_principals: values.max_principals,
  max_teachers: values.max_teachers,
  max_students: values.max_students,
  max_classes: values.max_classes,
  storage_quota_mb: values.storage_quota_mb,
  description: values.description,
  features: values.features.split('\n').map((line) => line.trim()).filter(Boolean),
});

/** The server's schema judges the form: the first message of each field is shown under it. */
function validate(plan: AdminPlan) {
  return (values: FormValues) => {
    const result = adminPlanUpdateInput.safeParse(inputOf(plan, values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'price');
      errors[field] ??= issue.message;
    }
    return errors;
  };
}

/**
 * One plan's form: price (rupees; the free trial and lifetime are never sold), limits and storage
 * (-1 unlimited), description and features. It is keyed by the plan's version, so a saved or
 * reloaded plan starts a fresh form; a save over someone else's change (409) offers Reload.
 */
export function PlanForm({ plan, onSaved, onReload }: { plan: AdminPlan; onSaved: () => void; onReload: () => void }) {
  const priced = isPricedTier(plan.tier);
  const form = useForm<FormValues>({
    initialValues: {
      price: plan.price, max_principals: plan.max_principals, max_teachers: plan.max_teachers, max_students: plan.max_students,
      max_classes: plan.max_classes, storage_quota_mb: plan.storage_quota_mb, description: plan.description, features: plan.features.join('\n'),
    },
    validate: validate(plan),
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });
  const save = trpc.admin.plans.update.useMutation({
    onSuccess: (result) => {
      notify({ color: 'green', message: `${plan.name}: ${result.message}` });
      onSaved();
    },
  });
  const stale = save.isError && reasonOf(save.error) === 'plan_changed';

  return (
    <Card withBorder padding="lg" component="section" aria-label={plan.name} data-testid={`plan-${plan.tier}`}>
      <form noValidate aria-label={`Edit the ${plan.name}`} onSubmit={form.onSubmit((values) => {
        // Validated already: parsing again only gives the typed input.
        const parsed = adminPlanUpdateInput.safeParse(inputOf(plan, values));
        if (parsed.success) save.mutate(parsed.data);
      })}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4">{plan.name}</Title>
            <Group gap={6}>
              <Badge variant="light">{formatRupees(plan.price)}</Badge>
              <Badge variant="outline" color="gray">{T.duration(plan.duration_days)}</Badge>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <NumberInput
              label={T.price}
              description={priced ? undefined : T.priceFixed}
              disabled={!priced}
              min={0}
              max={PLAN_LIMITS.maxPriceRupees}
              decimalScale={2}
              allowNegative={false}
              key={form.key('price')}
              {...form.getInputProps('price')}
            />
            {LIMIT_FIELDS.map(([field, label]) => (
              <NumberInput
                key={form.key(field)}
                label={label}
                description={T.unlimitedHint}
                min={-1}
                allowDecimal={false}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          <TextInput label={T.description} maxLength={PLAN_LIMITS.maxDescription} key={form.key('description')} {...form.getInputProps('description')} />
          <Textarea label={T.features} description={T.featuresHint} autosize minRows={3} key={form.key('features')} {...form.getInputProps('features')} />
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Text size="sm">{failureText(save.error, T.saveFailed, T.saveFailedGeneric)}</Text>
              {stale ? <Button size="xs" mt="xs" variant="white" color="red" onClick={onReload}>{T.reload}</Button> : null}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>{`${T.save} ${plan.name}`}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
