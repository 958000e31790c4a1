#if os(Linux)
    import Glibc
#endif

/// What tells one build of the host from another: Atrium's version and the linker's hash of this
/// binary (its GNU build id, which the linker computes over the whole executable), such as
/// `0.9.0+75d3378cb5bb`. Read from the executable's notes once, when first asked (a few small reads
/// of its file's headers; nothing is hashed). Two binaries built from one source tree with other flags
/// have other ids; the same binary has the same id on every host. Where the platform keeps no such
/// note, the version alone.
package enum BuildID {
    /// Atrium's version (the host's, not a module's).
    package static let version = "0.9.0"

    /// The build's id.
    package static let current: String = {
        guard let hash = linkerHash(), !hash.isEmpty else { return version }
        return version + "+" + hash.prefix(12)
    }()

    /// The GNU build id of the running executable, in hexadecimal, or nil: read from its program
    /// headers' notes in the file (`/proc/self/exe`, a few small reads; the C library's
    /// `dl_iterate_phdr` is not in Swift's Glibc module).
    static func linkerHash() -> String? {
        #if os(Linux)
            let file = open("/proc/self/exe", O_RDONLY)
            guard file >= 0 else { return nil }
            defer { close(file) }
            func read(_ count: Int, at offset: Int) -> [UInt8]? {
                guard count > 0, count <= 1 << 16 else { return nil }
                var bytes = [UInt8](repeating: 0, count: count)
                let got = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, count, off_t(offset)) }
                return got == count ? bytes : nil
            }
            // A 64-bit little-endian ELF file: its program headers' offset, size and count.
            guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
            let (headerOffset, entrySize, entries) = header.withUnsafeBytes {
                (
                    Int($0.loadUnaligned(fromByteOffset: 32, as: UInt64.self)), Int($0.loadUnaligned(fromByteOffset: 54, as: UInt16.self)),
                    Int($0.loadUnaligned(fromByteOffset: 56, as: UInt16.self))
                )
            }
            guard entrySize >= 56, let table = read(entrySize * entries, at: headerOffset) else { return nil }
            for index in 0..<entries {
                let (type, offset, size) = table.withUnsafeBytes {
                    (
                        $0.loadUnaligned(fromByteOffset: index * entrySize, as: UInt32.self),
                        Int($0.loadUnaligned(fromByteOffset: index * entrySize + 8, as: UInt64.self)),
                        Int($0.loadUnaligned(fromByteOffset: index * entrySize + 32, as: UInt64.self))
                    )
                }
                // PT_NOTE.
                guard type == 4, let notes = read(size, at: offset) else { continue }
                if let id = notes.withUnsafeBytes({ buildIDNote(in: $0) }) { return HexDigits.string(of: id, count: id.count) }
            }
            return nil
        #else
            return nil
        #endif
    }

    /// The descriptor of the `NT_GNU_BUILD_ID` note among the notes in `notes`, if any.
    static func buildIDNote(in notes: UnsafeRawBufferPointer) -> [UInt8]? {
        var offset = 0
        func aligned(_ value: Int) -> Int { (value + 3) & ~3 }
        while offset + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descriptorSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let name = offset + 12
            let descriptor = name + aligned(nameSize)
            guard descriptor + descriptorSize <= notes.count else { return nil }
            // NT_GNU_BUILD_ID is 3, under the name "GNU\0".
            if type == 3, nameSize == 4, Array(notes[name..<(name + 3)]) == Array("GNU".utf8) {
                return Array(notes[descriptor..<(descriptor + descriptorSize)])
            }
            offset = descriptor + aligned(descriptorSize)
        }
        return nil
    }
}
