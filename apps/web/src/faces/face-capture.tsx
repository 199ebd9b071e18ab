import { useEffect, useRef, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { toast } from '../util/toast.js';
import type { CaptureSource } from './faces-client.js';
import { useFacesT } from './use-faces-t.js';

/** The longer side of the camera's snapshot (the server scales to 1024 at most and the detector works on 256). */
const SNAPSHOT_SIDE = 640;

/** The camera's current frame as a JPEG, its longer side at most SNAPSHOT_SIDE. */
function snapshot(video: HTMLVideoElement): Promise<Blob | null> {
  const scale = Math.min(1, SNAPSHOT_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

interface Props {
  /** The capture taken: the camera's snapshot, or the chosen photo. */
  onCapture: (photo: Blob, source: CaptureSource) => void;
  busy: boolean;
  cameraLabel: string;
  uploadLabel: string;
  testId: string;
}

/**
 * A face's capture (docs/adr/0063-face-recognition.md#capture): the camera (getUserMedia, front-facing) shown live
 * with a button that takes the picture, or a photo chosen from the device (the fallback where there is no camera or
 * it is refused). The stream is stopped as soon as the picture is taken or the capture closed; only the one JPEG
 * goes to the server, which keeps what the model computes from it, not the picture.
 */
export function FaceCapture({ onCapture, busy, cameraLabel, uploadLabel, testId }: Props) {
  const { f } = useFacesT();
  const video = useRef<HTMLVideoElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
    return () => stream?.getTracks().forEach((t) => t.stop());
  }, [stream]);
  const open = async () => {
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 } }, audio: false }));
    } catch {
      toast.error(f('hints.cameraDenied'));
    }
  };
  const take = async () => {
    if (!video.current || video.current.videoWidth === 0) return;
    const photo = await snapshot(video.current);
    setStream(null);
    if (photo) onCapture(photo, 'camera');
  };
  return (
    <div className="sf-face-capture" data-testid={testId}>
      {stream ? (
        <div className="sf-face-camera">
          <video ref={video} muted playsInline data-testid={`${testId}-video`} />
          <div className="sf-face-camera-actions">
            <Button primary icon="camera" content={f('actions.capture')} onClick={() => void take()} data-testid={`${testId}-take`} />
            <Button basic content={f('actions.cancel')} onClick={() => setStream(null)} data-testid={`${testId}-cancel`} />
          </div>
        </div>
      ) : (
        <div className="sf-face-capture-actions">
          <Button primary icon="camera" content={cameraLabel} loading={busy} disabled={busy} onClick={() => void open()} data-testid={`${testId}-camera`} />
          <Button basic icon="upload" content={uploadLabel} disabled={busy} onClick={() => file.current?.click()} data-testid={`${testId}-upload`} />
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png"
            capture="user"
            hidden
            data-testid={`${testId}-file`}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) onCapture(chosen, 'upload');
            }}
          />
        </div>
      )}
    </div>
  );
}
