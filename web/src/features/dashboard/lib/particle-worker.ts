/**
 * The dashboard's particle animation, run in a worker on a canvas the page hands over
 * (OffscreenCanvas): the frames are drawn off the page's main thread, so the endless animation
 * never competes with the page for it (input, rendering, data arriving).
 */
import { createParticleWorkerHandler, type ParticleWorkerMessage } from './particles';

const handle = createParticleWorkerHandler(self);
self.addEventListener('message', (event: MessageEvent<ParticleWorkerMessage>) => handle(event.data));
