import type { CheckinInput } from '@schoolflow/contracts';

/**
 * Where the browser says the device is (the Geolocation API; the browser asks the user's permission the first time).
 * Fresh each time (no cached position): a check-in is about where one is now.
 */
export function currentPosition(timeoutMs = 15_000): Promise<CheckinInput> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (e) => reject(new Error(e.message)),
      { enableHighAccuracy: true, maximumAge: 0, timeout: timeoutMs },
    );
  });
}
