import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { isNewRead, stillInView, type LastRead, type ScanOutcome } from '../lib/camera-scan';
import { scanFeedback } from '../lib/scan-feedback';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Looks the code up and puts the product in the cart, as a USB scan does. */
  onCode: (code: string) => Promise<ScanOutcome>;
};

const CONTINUOUS_KEY = 'ms.pos.scanContinuous';
const SCAN_EVERY_MS = 120;

/**
 * "Scan with camera": the rear camera, read continuously, each code added like a USB scan. Loaded
 * lazily (default export) by the POS page when the camera is first opened.
 */
const CameraScanDialog = ({ opened, onClose, onCode }: Props) => {
  const [continuous, setContinuous] = useState(() => localStorage.getItem(CONTINUOUS_KEY) === '1');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Scan with camera"
      size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}
    >
      <Stack gap="sm">
        {opened && <CameraReader continuous={continuous} onCode={onCode} onDone={onClose} />}
        <Switch
          size="md"
          label="Keep scanning after each item"
          checked={continuous}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setContinuous(on);
            localStorage.setItem(CONTINUOUS_KEY, on ? '1' : '0');
          }}
        />
        <Button variant="default" size="md" onClick={onClose}>
          {continuous ? 'Done' : 'Cancel'}
        </Button>
      </Stack>
    </Modal>
  );
};

type CameraError = { title: string; text: string };

const TYPE_INSTEAD = 'You can still type the barcode in the search box or use a USB scanner.';

const cameraError = (error: unknown): CameraError => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return {
      title: 'The camera is not allowed',
      text: `Allow this site to use the camera in the browser's settings, then try again. ${TYPE_INSTEAD}`,
    };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera')
    return {
      title: 'No camera found',
      text: `This device has no camera the browser can use. ${TYPE_INSTEAD}`,
    };
  if (name === 'NotReadableError' || name === 'AbortError')
    return {
      title: 'The camera is busy',
      text: `Another app may be using the camera: close it and try again. ${TYPE_INSTEAD}`,
    };
  return {
    title: 'The camera could not start',
    text: `${error instanceof Error ? error.message : String(error)}. ${TYPE_INSTEAD}`,
  };
};

const CameraReader = ({
  continuous,
  onCode,
  onDone,
}: {
  continuous: boolean;
  onCode: (code: string) => Promise<ScanOutcome>;
  onDone: () => void;
}) => {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const [error, setError] = useState<CameraError | null>(null);
  const [last, setLast] = useState<ScanOutcome | null>(null);
  // The loop reads the latest props without restarting the camera.
  const latest = useRef({ continuous, onCode, onDone });
  latest.current = { continuous, onCode, onDone };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seen: LastRead = { code: '', at: 0, ok: false };

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };

    const handle = async (code: string) => {
      const outcome = await latest.current.onCode(code);
      if (stopped) return;
      const ok = outcome.result === 'added' || outcome.result === 'picking';
      seen = { code, at: Date.now(), ok };
      scanFeedback(ok);
      setLast(outcome);
      // A variety to choose opens its own dialog: the camera makes way for it.
      if (outcome.result === 'picking' || (ok && !latest.current.continuous)) {
        stop();
        latest.current.onDone();
      }
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        const e = new Error('This browser cannot use the camera on this page');
        e.name = 'NoCamera';
        throw e;
      }
      const [reader, media] = await Promise.all([
        import('../lib/barcode-reader').then((m) => m.createBarcodeReader()),
        navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        }),
      ]);
      stream = media;
      const video = videoRef.current;
      if (stopped || !video) return stop();
      video.srcObject = media;
      await video.play().catch(() => undefined);
      if (stopped) return;
      setState('scanning');
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= video.HAVE_CURRENT_DATA) {
          const found = await reader.detect(video).catch(() => []);
          const code = found[0]?.rawValue.trim();
          if (!stopped && code && isNewRead(seen, code, Date.now())) await handle(code);
          else if (code) seen = stillInView(seen, code, Date.now());
        }
        if (!stopped) timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    };

    start().catch((e: unknown) => {
      if (stopped) return;
      stop();
      setError(cameraError(e));
    });
    return stop;
  }, []);

  if (error)
    return (
      <Alert color="orange" title={error.title} icon={<IconCameraOff size={20} />}>
        {error.text}
      </Alert>
    );

  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        bg="dark.9"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3' }}
      >
        <video
          ref={videoRef}
          aria-label="Camera view"
          muted
          playsInline
          autoPlay
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {/* Where to hold the code: a guide, not a crop (the whole picture is read). */}
        <Box
          aria-hidden
          pos="absolute"
          style={{
            inset: '25% 10%',
            border: '3px solid rgba(255,255,255,0.85)',
            borderRadius: 8,
            boxShadow: '0 0 0 100vmax rgba(0,0,0,0.25)',
          }}
        />
        {state === 'starting' && (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap={4}>
            <Loader color="white" />
            <Text c="white" size="sm">
              Starting the camera…
            </Text>
          </Stack>
        )}
      </Box>
      <div role="status" aria-live="polite" style={{ minHeight: 24 }}>
        <Text
          size="sm"
          fw={500}
          c={!last ? 'dimmed' : last.result === 'added' || last.result === 'picking' ? 'green.9' : 'red.8'}
        >
          {last?.text ?? 'Hold the barcode inside the frame.'}
        </Text>
      </div>
    </Stack>
  );
};

export default CameraScanDialog;
