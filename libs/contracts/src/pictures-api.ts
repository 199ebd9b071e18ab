import { z } from 'zod';
import { FLOW_PICTURE_MAX_BYTES } from './flow-forms.js';
import { Permission } from './permissions.js';

/**
 * 图片管理 (docs/product/campus-life.md#pictures, docs/adr/0066-pictures-and-home-cards.md): albums — school-wide, a
 * class's, an activity's — of pictures uploaded through the file service (`/file/upload`, checked by content), each
 * with an optional thumbnail the browser made, a caption and a place in the album's order; one picture is the cover.
 * An album is seen by whom it names (roles; a class album also only by the class). Under `/server/api/pictures`.
 */
export const PICTURES_BASE = '/api/pictures';

export const picturesPath = {
  /** `GET` → `AlbumList` (albums I may see, and what I may create); `POST` `albumInputSchema` → `AlbumDetail`. */
  albums: `${PICTURES_BASE}/albums`,
  /** `GET` → `AlbumDetail`; `PUT` `albumInputSchema`; `DELETE` (refused while a picture of it is used by a post). */
  album: (id: string): string => `${PICTURES_BASE}/albums/${id}`,
  /** `POST` `pictureAddSchema` → `AlbumDetail`: uploaded files become the album's pictures, at its end. */
  pictures: (id: string): string => `${PICTURES_BASE}/albums/${id}/pictures`,
  /** `POST` `pictureOrderSchema` → `AlbumDetail`: every picture of the album, in its new order. */
  order: (id: string): string => `${PICTURES_BASE}/albums/${id}/order`,
  /** `POST` `{pictureId}` → `AlbumDetail`: the album's cover. */
  cover: (id: string): string => `${PICTURES_BASE}/albums/${id}/cover`,
  /** `PUT` `pictureCaptionSchema`; `DELETE` (refused while a post uses it). */
  picture: (id: string): string => `${PICTURES_BASE}/pictures/${id}`,
  /** `GET` → `HomePicture[]`: the home page's carousel — pictures of albums shown on the home page that I may see. */
  home: `${PICTURES_BASE}/home`,
} as const;

/** Managing every album (school-wide and activity albums are theirs alone); a class's head teacher manages that class's albums without it. */
export const PICTURES_MANAGE_PERMISSION = Permission.picturesManage;

/** The page (docs/adr/0066-pictures-and-home-cards.md#routes): 图片管理, for every role — each sees the albums shared with them. */
export const PICTURES_PAGE = { url: '/pictures', permission: 'menu:pictures', icon: 'images outline', sort: 77 } as const;

export const ALBUM_SCOPES = ['school', 'class', 'activity'] as const;
export type AlbumScope = (typeof ALBUM_SCOPES)[number];

/**
 * The limits: JPG/PNG only (the file service checks the bytes), 2 MB a picture as the spec's photos, 9 a time as a
 * notice's pictures, 200 an album; a caption ≤ 100, a title ≤ 50, a description ≤ 500; the carousel shows 10.
 */
export const PICTURE_LIMITS = { bytes: FLOW_PICTURE_MAX_BYTES, types: ['.jpg', '.jpeg', '.png'], mimes: ['image/jpeg', 'image/png'], perUpload: 9, perAlbum: 200, captionMax: 100, titleMax: 50, descriptionMax: 500, homeShown: 10, thumbSide: 320 } as const;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const albumInputSchema = z
  .object({
    title: z.string({ error: 'pictures.validation.titleRequired' }).trim().min(1, 'pictures.validation.titleRequired').max(PICTURE_LIMITS.titleMax, 'pictures.validation.titleTooLong'),
    description: z.string().trim().max(PICTURE_LIMITS.descriptionMax, 'pictures.validation.descriptionTooLong').default(''),
    scope: z.enum(ALBUM_SCOPES, { error: 'pictures.validation.scopeInvalid' }),
    classId: z.preprocess(blankToNull, z.string().uuid('pictures.validation.classRequired').nullable()).default(null),
    /** Role codes that see it; empty: everyone signed in (a class album: everyone of the class). */
    roles: z.array(z.string().trim().min(1).max(30)).max(20, 'validation.invalid').default([]),
    onHome: z.boolean({ error: 'validation.invalid' }).default(false),
  })
  .refine((v) => v.scope !== 'class' || v.classId !== null, { message: 'pictures.validation.classRequired', path: ['classId'] })
  .refine((v) => v.scope === 'class' || v.classId === null, { message: 'pictures.validation.classOnlyForClass', path: ['classId'] });
export type AlbumInput = z.input<typeof albumInputSchema>;
export type AlbumValues = z.output<typeof albumInputSchema>;

export const pictureAddSchema = z.object({
  pictures: z
    .array(
      z.object({
        resId: z.string().uuid('validation.attachmentInvalid'),
        /** The browser's resized copy (≤ 320 px), uploaded the same way; absent: the picture is its own thumbnail. */
        thumbResId: z.preprocess(blankToNull, z.string().uuid('validation.attachmentInvalid').nullable()).default(null),
        caption: z.string().trim().max(PICTURE_LIMITS.captionMax, 'pictures.validation.captionTooLong').default(''),
      }),
    )
    .min(1, 'pictures.validation.picturesRequired')
    .max(PICTURE_LIMITS.perUpload, 'pictures.validation.tooManyPictures'),
});
export type PictureAddInput = z.input<typeof pictureAddSchema>;

export const pictureCaptionSchema = z.object({ caption: z.string({ error: 'pictures.validation.captionTooLong' }).trim().max(PICTURE_LIMITS.captionMax, 'pictures.validation.captionTooLong') });
export const pictureOrderSchema = z.object({ ids: z.array(z.string().uuid('validation.invalid')).min(1, 'validation.invalid').max(PICTURE_LIMITS.perAlbum, 'validation.invalid') });
export const albumCoverSchema = z.object({ pictureId: z.string({ error: 'validation.invalid' }).uuid('validation.invalid') });

export interface PictureView {
  id: string;
  resId: string;
  /** The thumbnail's file (the picture's own when none was made). */
  thumbResId: string;
  caption: string;
  position: number;
  /** Posts that use it (its file attached): it cannot be deleted while any does. */
  usedBy: number;
}

export interface AlbumView {
  id: string;
  title: string;
  description: string;
  scope: AlbumScope;
  classId: string | null;
  className: { zh: string; en: string } | null;
  roles: string[];
  onHome: boolean;
  /** The cover's thumbnail file (the first picture's when none is chosen); null: empty album. */
  coverResId: string | null;
  coverPictureId: string | null;
  count: number;
  /** Whether the caller may edit it and its pictures. */
  manageable: boolean;
  createdAt: string;
}

export interface AlbumDetail extends AlbumView {
  pictures: PictureView[];
}

export interface AlbumList {
  albums: AlbumView[];
  /** What the caller may create: school-wide and activity albums (pictures:manage), and albums of these classes (theirs as head teacher; every class with pictures:manage). */
  creatable: { school: boolean; classes: { id: string; name: { zh: string; en: string } }[] };
}

export interface HomePicture {
  id: string;
  resId: string;
  thumbResId: string;
  caption: string;
  albumId: string;
  albumTitle: string;
}
