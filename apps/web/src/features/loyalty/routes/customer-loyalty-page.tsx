import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { formatMoney, updateLoyaltySettingsBody } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { humanizeMessage } from '@/lib/form-resolver';
import { hasPermission, isAdmin, useSession } from '@/lib/session-store';
import { downloadPointsCsv, useLoyaltySettings, useSaveLoyaltySettings } from '../api/loyalty';
import { LoadError } from '@/components/ui/query-states';

/** /customer-loyalty: the business's loyalty rules and the customers' points download. */
const CustomerLoyaltyPage = () => {
  const session = useSession();
  const admin = isAdmin(session);
  const settings = useLoyaltySettings();
  const save = useSaveLoyaltySettings();
  const [pointsActive, setPointsActive] = useState(false);
  const [nairaPerPoint, setNairaPerPoint] = useState<number | string>(100);
  const [pointValue, setPointValue] = useState<number | string>(1);
  const [creditActive, setCreditActive] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setPointsActive(settings.data.points_active);
    setNairaPerPoint(settings.data.naira_per_point);
    setPointValue(settings.data.point_value);
    setCreditActive(settings.data.store_credit_active);
  }, [settings.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = updateLoyaltySettingsBody.safeParse({
      points_active: pointsActive,
      naira_per_point: typeof nairaPerPoint === 'number' ? nairaPerPoint : undefined,
      point_value: typeof pointValue === 'number' ? pointValue : undefined,
      store_credit_active: creditActive,
    });
    const next: Record<string, string> = {};
    if (typeof nairaPerPoint !== 'number')
      next.naira_per_point = 'Enter how much a customer spends to earn 1 point.';
    if (typeof pointValue !== 'number') next.point_value = 'Enter what 1 point is worth.';
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= humanizeMessage(issue.message);
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Loyalty settings saved',
          message: 'The new rules apply to the next sale.',
        }),
    });
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadPointsCsv();
    } catch (error) {
      setDownloadError((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const perPoint = typeof nairaPerPoint === 'number' ? nairaPerPoint : 0;
  const value = typeof pointValue === 'number' ? pointValue : 0;

  return (
    <Stack maw={720} mx="auto" gap="md">
      <PageHeader
        title="Customer loyalty"
        description="Reward returning customers with points on every sale, and let them pay with store credit."
        back={{ to: '/customers', label: 'Customers' }}
      />
      {settings.isPending ? (
        <Skeleton h={320} radius="md" />
      ) : settings.isError ? (
        <LoadError
          what="the loyalty settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Title order={2} size="h4">
                Rules
              </Title>
              {!admin && (
                <Alert color="blue">
                  Only an admin can change these rules. You can see them and download the points list.
                </Alert>
              )}
              <Switch
                size="md"
                label="Customers earn loyalty points"
                description="Points are added to a customer’s balance when a sale to them is completed."
                checked={pointsActive}
                disabled={!admin}
                onChange={(e) => setPointsActive(e.currentTarget.checked)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NumberInput
                  label="Naira spent for 1 point"
                  description="e.g. 100: 1 point for every ₦100"
                  prefix="₦"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  size="md"
                  disabled={!admin}
                  value={nairaPerPoint}
                  onChange={setNairaPerPoint}
                  error={errors.naira_per_point}
                />
                <NumberInput
                  label="Value of 1 point"
                  description="What a point takes off a bill"
                  prefix="₦"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  size="md"
                  disabled={!admin}
                  value={pointValue}
                  onChange={setPointValue}
                  error={errors.point_value}
                />
              </SimpleGrid>
              {perPoint > 0 && value > 0 && (
                <Text size="sm" c="dimmed" data-testid="loyalty-example">
                  A sale of {formatMoney(perPoint * 10)} earns 10 points, worth {formatMoney(value * 10)} on a
                  later sale.
                </Text>
              )}
              <Switch
                size="md"
                label="Store credit"
                description="Refunds can go to a customer’s store credit, and store credit can pay for a sale."
                checked={creditActive}
                disabled={!admin}
                onChange={(e) => setCreditActive(e.currentTarget.checked)}
              />
              {save.error && <Alert color="red">{save.error.message}</Alert>}
              {admin && (
                <Button type="submit" size="md" loading={save.isPending}>
                  Save loyalty settings
                </Button>
              )}
            </Stack>
          </form>
        </Card>
      )}
      {hasPermission(session, 'customers.view') && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4">
              Customers’ points
            </Title>
            <Text size="sm" c="dimmed">
              A spreadsheet (CSV) of every customer with their points and store credit.
            </Text>
            <Button
              leftSection={<IconDownload size={18} />}
              variant="light"
              loading={downloading}
              onClick={() => void download()}
            >
              Download points
            </Button>
            {downloadError && <Alert color="red">{downloadError}</Alert>}
          </Stack>
        </Card>
      )}
    </Stack>
  );
};

export default CustomerLoyaltyPage;
