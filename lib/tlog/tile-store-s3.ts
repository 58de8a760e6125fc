import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3TilesConfig } from "../config/config";
import { checkSame, type TileStore } from "./tile-store";

const IMMUTABLE = "public, max-age=31536000, immutable";

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Tiles in any S3-compatible bucket, under their tlog-tiles paths, so its public URL serves them as they are. */
export class S3TileStore implements TileStore {
  readonly kind = "s3" as const;
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(config: S3TilesConfig) {
    this.#bucket = config.bucket;
    this.#client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
  }

  async get(path: string): Promise<Uint8Array | null> {
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: path }));
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async put(path: string, bytes: Uint8Array): Promise<void> {
    const existing = await this.get(path);
    const where = `s3://${this.#bucket}/${path}`;
    if (existing !== null) return checkSame(existing, bytes, where);
    try {
      // If-None-Match: a bucket that supports it refuses to replace an object another writer put first.
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: path,
          Body: bytes,
          ContentType: "application/octet-stream",
          CacheControl: IMMUTABLE,
          IfNoneMatch: "*",
        }),
      );
    } catch (err) {
      if (statusOf(err) !== 412) throw err;
      checkSame((await this.get(path)) ?? new Uint8Array(), bytes, where);
    }
  }
}
