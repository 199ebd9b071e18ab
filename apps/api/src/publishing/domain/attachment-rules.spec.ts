import { describe, expect, it } from '@jest/globals';
import { type AttachedFile, attachmentRefusal } from './attachment-rules.js';

const MB = 1024 * 1024;
let n = 0;
const file = (suffix: string, size = 1000, name = `f${++n}.${suffix}`): AttachedFile => ({ resId: `id-${n}`, name, suffix, mime: 'x', size });
const many = (count: number, suffix: string, size?: number) => Array.from({ length: count }, () => file(suffix, size));

describe('attachment limits', () => {
  it('takes up to 9 pictures, 1 MP4 ≤ 100 MB and 4 documents ≤ 10 MB together', () => {
    expect(attachmentRefusal([...many(9, 'jpg'), file('mp4', 100 * MB), ...many(2, 'pdf', 10 * MB), file('doc'), file('pptx')], 'post')).toBeNull();
    expect(attachmentRefusal([], 'post')).toBeNull();
  });

  it('refuses a tenth picture, a second video, a fifth document', () => {
    expect(attachmentRefusal(many(10, 'png'), 'post')).toEqual({ key: 'publishing.errors.tooManyPictures', params: { max: 9 } });
    expect(attachmentRefusal(many(2, 'mp4'), 'post')).toEqual({ key: 'publishing.errors.tooManyVideos', params: { max: 1 } });
    expect(attachmentRefusal([...many(3, 'pdf'), ...many(2, 'ppt')], 'post')).toEqual({ key: 'publishing.errors.tooManyDocuments', params: { max: 4 } });
  });

  it('refuses a video over 100 MB and a document over 10 MB, naming the file', () => {
    expect(attachmentRefusal([file('mp4', 100 * MB + 1, 'v.mp4')], 'post')).toEqual({ key: 'publishing.errors.videoTooLarge', params: { name: 'v.mp4', mb: 100 } });
    expect(attachmentRefusal([file('PDF', 10 * MB + 1, 'a.PDF')], 'post')).toEqual({ key: 'publishing.errors.documentTooLarge', params: { name: 'a.PDF', mb: 10 } });
  });

  it('refuses an empty file before anything else, and files that are none of the three', () => {
    expect(attachmentRefusal([...many(12, 'jpg'), file('jpg', 0, 'empty.jpg')], 'post')).toEqual({ key: 'publishing.errors.emptyFile', params: { name: 'empty.jpg' } });
    expect(attachmentRefusal([file('exe', 10, 'x.exe')], 'post')?.key).toBe('publishing.errors.attachmentType');
    expect(attachmentRefusal([file('avi', 10, 'x.avi')], 'post')?.key).toBe('publishing.errors.attachmentType');
  });

  it('takes award images up to 2 MB, pictures only', () => {
    expect(attachmentRefusal([file('jpg', 2 * MB)], 'award')).toBeNull();
    expect(attachmentRefusal([file('jpg', 3 * MB, 'c.jpg')], 'award')).toEqual({ key: 'publishing.errors.awardImageTooLarge', params: { name: 'c.jpg', mb: 2 } });
    expect(attachmentRefusal([file('pdf', 10, 'c.pdf')], 'award')?.key).toBe('publishing.errors.attachmentType');
  });
});
