// Package imaging is the pixel work of the upload pipeline (package media),
// kept apart from storage, HTTP and the database: deciding what a file is
// from its first bytes (Sniff), checking an image or GIF from its header and
// working out what decoding it will cost before a pixel is decoded (Inspect,
// InspectGIF), and decoding, resizing and re-encoding images so EXIF/GPS
// data and polyglot payloads do not survive (ImageInfo.Process, DecodeGIF).
//
// Package media decides what is allowed, holds the decode budget the costs
// are charged to, and stores and serves the result.
package imaging
