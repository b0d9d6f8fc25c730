import { Log } from 'node-av/lib';
import { AV_LOG_INFO } from 'node-av/constants';
import { H264Encoder } from '../apps/machine/src/video/h264-encoder.ts';
Log.setLevel(AV_LOG_INFO);
const enc = new H264Encoder({ width: 1280, height: 720, fps: 30, bitrate: 1_200_000, maxBitrate: 1_500_000 });
console.log('opened', typeof enc);
