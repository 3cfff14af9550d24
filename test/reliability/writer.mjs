// A write burst for the durability test, run as its own process:
//   node writer.mjs <baseUrl> <publicKey> <privateKey> <projectId> <prefix>
// Operation i (0-based): even i creates cluster <prefix>-<i/2>; odd i patches the
// cluster created just before to diskSizeGB = 20 + (i % 40). Prints one line per
// write the service acknowledged (2xx), as soon as it is acknowledged:
//   ack create <name>
//   ack patch <name> <diskSizeGB>
// It writes until a write fails (the emulator killed mid-burst), then prints
//   stop <reason>
// No count: however late the test reads the acks and kills the emulator, the
// burst is still running then.
// Digest authentication (RFC 7616, MD5, qop=auth) is done here by hand, so this
// script needs nothing but node.
import { createHash, randomBytes } from 'node:crypto';

const [baseUrl, publicKey, privateKey, projectId, prefix] = process.argv.slice(2);
const REALM = 'MMS Public API';
const MEDIA = 'application/vnd.atlas.2023-02-01+json';
const md5 = (text) => createHash('md5').update(text).digest('hex');

let nonce;
let nc = 0;

function authorization(method, uri) {
  nc += 1;
  const ncText = nc.toString(16).padStart(8, '0');
  const cnonce = randomBytes(8).toString('hex');
  const response = md5(`${md5(`${publicKey}:${REALM}:${privateKey}`)}:${nonce}:${ncText}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
  return `Digest username="${publicKey}", realm="${REALM}", nonce="${nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${ncText}, cnonce="${cnonce}", response="${response}"`;
}

async function send(method, uri, body) {
  for (let round = 0; round < 3; round++) {
    const headers = { accept: MEDIA, 'content-type': MEDIA };
    if (nonce) headers.authorization = authorization(method, uri);
    const response = await globalThis.fetch(baseUrl + uri, { method, headers, body: JSON.stringify(body) });
    const text = await response.text();
    if (response.status !== 401) return { status: response.status, text };
    const challenge = /nonce="([^"]+)"/.exec(response.headers.get('www-authenticate') ?? '');
    if (!challenge) return { status: 401, text };
    nonce = challenge[1];
    nc = 0;
  }
  return { status: 401, text: 'digest rounds exhausted' };
}

const clustersUri = `/api/atlas/v2/groups/${projectId}/clusters`;
let current;
try {
  for (let i = 0; ; i++) {
    if (i % 2 === 0) {
      current = `${prefix}-${i / 2}`;
      const body = {
        name: current,
        clusterType: 'REPLICASET',
        replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
      };
      const { status, text } = await send('POST', clustersUri, body);
      if (status !== 201) throw new Error(`create ${current}: HTTP ${status} ${text.slice(0, 200)}`);
      console.log(`ack create ${current}`);
    } else {
      const size = 20 + (i % 40);
      const { status, text } = await send('PATCH', `${clustersUri}/${current}`, { diskSizeGB: size });
      if (status !== 200) throw new Error(`patch ${current}: HTTP ${status} ${text.slice(0, 200)}`);
      console.log(`ack patch ${current} ${size}`);
    }
  }
} catch (error) {
  console.log(`stop ${error.message}`);
}
