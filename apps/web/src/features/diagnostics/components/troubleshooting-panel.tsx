import {
  Button,
  Card,
  Divider,
  Grid,
  Group,
  type NumberInputProps,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type Device,
  type DiagnosticAction,
  isFinishedJobState,
  type Job,
  MAX_REVERT_MINUTES,
} from '@vnoc/contracts';
import { type FormEvent, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../components/lazy-select.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { devicePortSlots } from '../../../lib/ports.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useDeviceJobs } from '../api/get-device-jobs.ts';
import { useJob } from '../api/get-job.ts';
import { diagnosticsKeys } from '../api/keys.ts';
import { useRunAction } from '../api/run-action.ts';
import { deviceActions, diagnosticsAccess, isDisruptive } from '../utils/access.ts';
import {
  type ActionInputs,
  buildActionRequest,
  EMPTY_INPUTS,
  hostError,
  type InputErrors,
  revertsByItself,
} from '../utils/inputs.ts';
import { ConfirmActionModalLater } from './confirm-action-later.tsx';
import { JobResultLater, usePreloadJobResult } from './job-result-later.tsx';
import { PortMap } from './port-map.tsx';

/** The LAN ports' revert delay's field (number-input.ts), loaded when the ports' inputs first show. */
const NumberInput = preloadable<NumberInputProps>(() =>
  import('./number-input.ts').then((m) => m.NumberInput),
).Component;

const TESTS: readonly DiagnosticAction[] = [
  'wantest',
  'lanpingtest',
  'systemTest',
  'speedtest',
  'traceroute',
];

/** An action asked for elsewhere on the page (a port tile): chosen with its ports, the panel scrolled to. */
export interface ActionRequest {
  action: DiagnosticAction;
  ports?: number[];
  /** A new value for every ask, so asking twice for the same thing still brings the panel up. */
  at: number;
}

interface TroubleshootingPanelProps {
  device: Device;
  request?: ActionRequest | null;
  /** Called once for each of the device's jobs seen to finish while the page is open. */
  onJobFinished?: (job: Job) => void;
}

/**
 * Remote troubleshooting on one device: choose an action, give its inputs (VLAN, host, ports), confirm the
 * disruptive ones, follow the job and read its result. Hidden without the `diagnostics` entitlement;
 * read-only roles see a note instead of the controls (results stay in the run history).
 */
export function TroubleshootingPanel({ device, request, onJobFinished }: TroubleshootingPanelProps) {
  const { t } = useTranslation('diagnostics');
  const { claims } = useAuth();
  const access = diagnosticsAccess(claims);
  const { offered: actions, notOffered, block } = deviceActions(access, device);
  const client = useQueryClient();

  const [chosenAction, setAction] = useState<DiagnosticAction | null>(null);
  // The first test the device's kind is offered (the WAN test on an edge device, LAN ping on a switch or
  // access point), until the person chooses.
  const action: DiagnosticAction =
    chosenAction && actions.includes(chosenAction)
      ? chosenAction
      : (actions.find((a) => TESTS.includes(a)) ?? actions[0] ?? 'reboot');
  const [inputs, setInputs] = useState<ActionInputs>(EMPTY_INPUTS);
  const [errors, setErrors] = useState<InputErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const runButton = useRef<HTMLButtonElement>(null);

  usePreloadJobResult();

  // A port tile asked for a port action: choose it with its ports, bring the panel up, focus Run.
  useEffect(() => {
    if (!request) return;
    setAction(request.action);
    setInputs((current) => ({ ...current, ports: request.ports ?? [] }));
    setErrors({});
    card.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    runButton.current?.focus({ preventScroll: true });
  }, [request]);

  const run = useRunAction((job) => {
    setJobId(job.id);
    setConfirming(false);
    if (job.action === 'disableLanPorts') setInputs((current) => ({ ...current, ports: [] }));
  });
  const { data: current } = useJob(jobId);
  const { data: history } = useDeviceJobs(device.id, { enabled: access.visible });

  // A job seen unfinished and then finished is reported once (runs started here or by someone else).
  const seenRunning = useRef(new Set<string>());
  const reported = useRef(new Set<string>());
  const observe = useCallback(
    (job: Job) => {
      if (!isFinishedJobState(job.state)) {
        seenRunning.current.add(job.id);
        return;
      }
      if (!seenRunning.current.has(job.id) || reported.current.has(job.id)) return;
      reported.current.add(job.id);
      void client.invalidateQueries({ queryKey: diagnosticsKeys.history(job.deviceId) });
      onJobFinished?.(job);
    },
    [client, onJobFinished],
  );
  useEffect(() => {
    if (current) observe(current);
  }, [current, observe]);
  useEffect(() => {
    for (const job of history ?? []) observe(job);
  }, [history, observe]);

  const slots = useMemo(() => devicePortSlots(device), [device]);
  const vlanOptions = device.vlans.map((vlan) => ({
    value: String(vlan.id),
    // A real device may report a VLAN without its subnet: no empty "()" then.
    label: vlan.subnet
      ? t('inputs.vlanOption', { id: vlan.id, name: vlan.name, subnet: vlan.subnet })
      : t('inputs.vlanOptionNoSubnet', { id: vlan.id, name: vlan.name }),
  }));
  const actionOptions = [
    { group: t('groups.tests'), items: actions.filter((a) => TESTS.includes(a)) },
    { group: t('groups.actions'), items: actions.filter((a) => !TESTS.includes(a)) },
  ]
    .filter((g) => g.items.length > 0)
    .map((g) => ({
      group: g.group,
      items: g.items.map((a) => ({ value: a, label: t(`actions.${a}.label`) })),
    }));

  if (!access.visible) return null;

  // The VLAN defaults to the device's first, so a speed test or traceroute runs with no extra step; the
  // person may choose another. A device with no VLANs has none to offer, and Run says so.
  const chosen: ActionInputs = { ...inputs, vlan: inputs.vlan ?? vlanOptions[0]?.value ?? null };
  const update = (next: Partial<ActionInputs>) =>
    setInputs((currentInputs) => ({ ...currentInputs, ...next }));
  const start = () => {
    if (block) return;
    const request = buildActionRequest(action, chosen, device);
    if (request.ok) run.mutate({ action, deviceId: device.id, body: request.body });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (block) return;
    const request = buildActionRequest(action, chosen, device);
    setErrors(request.ok ? {} : request.errors);
    if (!request.ok) return;
    if (isDisruptive(action)) setConfirming(true);
    else start();
  };
  const errorText = (key: InputErrors[keyof InputErrors]) => (key ? t(key) : null);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="troubleshooting-panel" ref={card}>
      <Stack gap="md">
        <SectionHeading
          title={t('panel.title')}
          description={
            !access.canRun ? t('panel.readOnly') : actions.length > 0 ? t('panel.intro') : undefined
          }
        />
        {/* What the device cannot do, and why: how it connects (an OpenWISP device takes no command), its kind. */}
        {access.canRun && notOffered.driver.length > 0 && (
          <Notice color="gray" icon={IconPlugConnectedX} data-testid="actions-not-carried" p="sm">
            {t(`notCarried.${device.driver}`, {
              actions: notOffered.driver.map((a) => t(`actions.${a}.label`)).join(', '),
            })}
          </Notice>
        )}
        {access.canRun && notOffered.kind.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="actions-not-offered">
            {t(`notOffered.${device.kind}`, {
              actions: notOffered.kind.map((a) => t(`actions.${a}.label`)).join(', '),
            })}
          </Text>
        )}
        {access.canRun && block && (
          <Notice color="gray" icon={IconPlugConnectedX} data-testid="actions-blocked" p="sm">
            {t(`blocked.${block}`)}
          </Notice>
        )}
        {access.canRun && actions.length > 0 && (
          <form onSubmit={handleSubmit} noValidate aria-label={t('panel.formLabel')}>
            <Stack gap="md">
              <Grid gap="md" align="flex-start">
                <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
                  <LazySelect
                    label={t('inputs.action')}
                    data={actionOptions}
                    value={action}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value) setAction(value as DiagnosticAction);
                      setErrors({});
                    }}
                    data-testid="action-select"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
                  <Text size="sm" mt={{ base: 0, sm: 28 }} data-testid="action-description">
                    {t(`actions.${action}.description`)}
                  </Text>
                </Grid.Col>
                {(action === 'speedtest' || action === 'traceroute') && (
                  <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                    <LazySelect
                      label={t('inputs.vlan')}
                      placeholder={vlanOptions.length ? t('inputs.vlanPlaceholder') : t('inputs.noVlans')}
                      data={vlanOptions}
                      value={chosen.vlan}
                      allowDeselect={false}
                      onChange={(vlan) => {
                        update({ vlan });
                        // Mantine may report "no value" again on a re-render: only a choice clears the message.
                        if (vlan !== null) setErrors((e) => ({ ...e, vlan: undefined }));
                      }}
                      disabled={vlanOptions.length === 0}
                      error={errorText(errors.vlan)}
                      required
                      data-testid="vlan-select"
                    />
                  </Grid.Col>
                )}
                {action === 'traceroute' && (
                  <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                    <TextInput
                      label={t('inputs.host')}
                      placeholder={t('inputs.hostPlaceholder')}
                      value={inputs.host}
                      onChange={(event) => {
                        const host = event.currentTarget.value;
                        update({ host });
                        // Checked on Run, then as typed; not on blur, where the message would move the Run
                        // button away from a click that is under way.
                        if (errors.host) setErrors((e) => ({ ...e, host: hostError(host) ?? undefined }));
                      }}
                      error={errorText(errors.host)}
                      required
                      autoComplete="off"
                      spellCheck={false}
                      data-testid="host-input"
                    />
                  </Grid.Col>
                )}
              </Grid>
              {action === 'disableLanPorts' && (
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    {t('inputs.ports')}
                  </Text>
                  <PortMap
                    slots={slots}
                    disabledPorts={device.disabledPorts}
                    selected={inputs.ports}
                    label={t('inputs.ports')}
                    onToggle={(port, checked) => {
                      update({
                        ports: checked ? [...inputs.ports, port] : inputs.ports.filter((p) => p !== port),
                      });
                      setErrors((e) => ({ ...e, ports: undefined }));
                    }}
                    error={errorText(errors.ports)}
                  />
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {inputs.ports.length
                      ? t('inputs.portsChosen', {
                          ports: [...inputs.ports].sort((a, b) => a - b).join(', '),
                        })
                      : t('inputs.portsHint')}
                  </Text>
                  {revertsByItself(device) && (
                    <Suspense fallback={<Skeleton height={60} w={{ base: '100%', xs: 360 }} />}>
                      <NumberInput
                        label={t('inputs.revertAfter')}
                        description={t('inputs.revertAfterHint')}
                        min={1}
                        max={MAX_REVERT_MINUTES}
                        allowDecimal={false}
                        allowNegative={false}
                        value={inputs.revertAfterMinutes}
                        onChange={(value) => {
                          update({ revertAfterMinutes: value });
                          setErrors((e) => ({ ...e, revertAfterMinutes: undefined }));
                        }}
                        error={errorText(errors.revertAfterMinutes)}
                        w={{ base: '100%', xs: 360 }}
                        data-testid="revert-after-input"
                      />
                    </Suspense>
                  )}
                </Stack>
              )}
              {action === 'revertLanPorts' && (
                <Text size="sm" data-testid="revert-info">
                  {device.disabledPorts.length
                    ? t('inputs.revertSome', {
                        ports: device.disabledPorts.join(', '),
                        count: device.disabledPorts.length,
                      })
                    : t('inputs.revertNone')}
                </Text>
              )}
              <Group>
                <Button
                  ref={runButton}
                  type="submit"
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  loading={run.isPending && !confirming}
                  disabled={block !== null}
                  title={block ? t(`blocked.${block}`) : undefined}
                  color={isDisruptive(action) ? 'red' : undefined}
                  // A long action name wraps on a phone instead of being cut ("Ejecutar la prueba de latencia WA").
                  h="auto"
                  mih={36}
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                  data-testid="run-action"
                >
                  {t(`actions.${action}.run`)}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {current && (
          <>
            <Divider />
            <Stack gap="xs" data-testid="current-job">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={3} fz="md">
                  {t(`actions.${current.action}.label`)}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('panel.requested', { by: current.requestedBy.name, at: formatDate(current.createdAt) })}
                </Text>
              </Group>
              <JobResultLater job={current} device={device} liveStatus={device.status} />
            </Stack>
          </>
        )}
      </Stack>
      <ConfirmActionModalLater
        opened={confirming}
        action={action}
        targets={[device]}
        ports={[...inputs.ports].sort((a, b) => a - b)}
        loading={run.isPending}
        onConfirm={start}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
